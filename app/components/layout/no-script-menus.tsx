import { ChevronDown, LogOut, Menu, PenLine, Settings, User } from "~/components/ui/icons";
import { HeaderSearch } from "./header-search";
import { Avatar } from "~/components/ui/avatar";
import { displayName, type HeaderUser } from "./header-user";

/**
 * The header menus as the server renders them (and as they stay without JavaScript): native
 * <details> disclosures with plain links and a plain POST to /logout. Once the app is hydrated the
 * header swaps in the Radix menus. Settings is a dialog with JavaScript; without it, the password
 * page (which also links to account deletion) is the target.
 */

export const NO_SCRIPT_SETTINGS_PATH = "/account/password";

const itemClass = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface-2 hover:text-ink-strong";
const summaryClass = "cursor-pointer list-none [&::-webkit-details-marker]:hidden";

function AccountLinks({ user }: { user: HeaderUser }) {
  return (
    <>
      <a href={`/user/${user.id}`} className={itemClass}>
        <User aria-hidden="true" className="size-4" /> Profile
      </a>
      <a href="/review" className={itemClass}>
        <PenLine aria-hidden="true" className="size-4" /> Write Review
      </a>
      <a href={NO_SCRIPT_SETTINGS_PATH} className={itemClass}>
        <Settings aria-hidden="true" className="size-4" /> Settings
      </a>
      <form method="post" action="/logout">
        <button type="submit" className={itemClass}>
          <LogOut aria-hidden="true" className="size-4" /> Sign Out
        </button>
      </form>
    </>
  );
}

/** The signed-in user's menu before (or without) JavaScript. */
export function NoScriptUserMenu({ user }: { user: HeaderUser }) {
  return (
    <details className="relative" data-testid="account-menu-details">
      <summary className={`${summaryClass} flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-surface`}>
        {/* Named by its content (as the scripted menu): the name holds the visible text. */}
        <span className="sr-only">Account menu for </span>
        <Avatar name={displayName(user)} url={user.avatarUrl} size={32} />
        <span dir="auto" className="sr-only max-w-32 truncate text-sm font-medium text-ink-strong lg:not-sr-only">
          {displayName(user)}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </summary>
      <div className="absolute right-0 z-50 mt-2 min-w-48 rounded-xl border border-line bg-surface p-1 shadow-2xl">
        <AccountLinks user={user} />
      </div>
    </details>
  );
}

/** The phone menu before (or without) JavaScript: search, navigation, and the account or Sign In. */
export function NoScriptMobileMenu({ user }: { user: HeaderUser | null }) {
  return (
    <details className="ml-auto md:hidden" data-testid="mobile-menu-details">
      <summary className={`${summaryClass} grid size-10 place-items-center rounded-lg text-ink hover:bg-surface`} aria-label="Open menu">
        <Menu aria-hidden="true" className="size-6" />
      </summary>
      <div className="fixed inset-x-0 top-16 z-50 flex max-h-[calc(100vh-4rem)] flex-col gap-4 overflow-y-auto border-b border-line bg-surface p-5 shadow-2xl">
        <HeaderSearch id="mobile-search" />
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          <a href="/" className={itemClass}>
            Home
          </a>
          <a href="/search" className={itemClass}>
            Browse Games
          </a>
          <a href="/users" className={itemClass}>
            Members
          </a>
        </nav>
        {user ? (
          <div className="flex flex-col gap-1 border-t border-line pt-4">
            <div className="mb-2 flex items-center gap-3 px-3">
              <Avatar name={displayName(user)} url={user.avatarUrl} size={36} />
              <span dir="auto" className="truncate font-semibold text-ink-strong">
                {displayName(user)}
              </span>
            </div>
            <AccountLinks user={user} />
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <a href="/login" className="rounded-lg bg-accent px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-hover">
              Sign In
            </a>
            <a href="/signup" className="rounded-lg border border-line px-4 py-2.5 text-center font-semibold hover:bg-surface-2">
              Sign Up
            </a>
          </div>
        )}
      </div>
    </details>
  );
}

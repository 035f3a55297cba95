import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, LogOut, PenLine, Settings, User } from "~/components/ui/icons";
import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { displayName, type HeaderUser } from "./header-user";

const itemClass =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-2 data-[highlighted]:text-ink-strong";

/** Loaded after hydration (visitors never load it). The signed-in user's menu: Profile, Write Review, Settings (the lazy user-settings modal), Sign Out. */
export default function UserMenu({ user, onOpenSettings }: { user: HeaderUser; onOpenSettings?: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-surface">
        {/* Named by its content, so the name holds the visible text (speech users say what they see). Below
            1024 px only the avatar shows: the name took the room the search box needs for its placeholder. */}
        <span className="sr-only">Account menu for </span>
        <Avatar name={displayName(user)} url={user.avatarUrl} size={32} />
        <span dir="auto" className="sr-only max-w-32 truncate text-sm font-medium text-ink-strong lg:not-sr-only">
          {displayName(user)}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-48 rounded-xl border border-line bg-surface p-1 shadow-2xl">
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={`/user/${user.id}`}>
              <User aria-hidden="true" className="size-4" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/review">
              <PenLine aria-hidden="true" className="size-4" /> Write Review
            </Link>
          </DropdownMenu.Item>
          {onOpenSettings ? (
            <DropdownMenu.Item className={itemClass} onSelect={onOpenSettings}>
              <Settings aria-hidden="true" className="size-4" /> Settings
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <Form method="post" action="/logout">
            <DropdownMenu.Item asChild className={itemClass} onSelect={(e) => e.preventDefault()}>
              <button type="submit" className="w-full">
                <LogOut aria-hidden="true" className="size-4" /> Sign Out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icons";
import type { RefObject } from "react";
import { Form, Link, NavLink } from "react-router";
import { navLinkClass } from "./nav-link-class";
import { HeaderSearch } from "./header-search";
import { Avatar } from "~/components/ui/avatar";
import { displayName, type HeaderUser } from "./header-user";

/** The phone side panel: search, navigation and the account links (loaded when first wanted). */
export default function MobileMenu({
  user,
  open,
  onOpenChange,
  onAuth,
  onOpenSettings,
  returnFocusTo,
}: {
  user: HeaderUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAuth: (e: React.MouseEvent, mode: "login" | "signup") => void;
  onOpenSettings: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-6 border-l border-line bg-surface p-5 shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-ink-strong">Menu</Dialog.Title>
            <Dialog.Close className="grid size-10 place-items-center rounded-lg hover:bg-surface-2" aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Search and site navigation</Dialog.Description>
          <HeaderSearch id="mobile-search" />
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            <NavLink to="/" end className={navLinkClass}>
              Home
            </NavLink>
            <NavLink to="/search" className={navLinkClass}>
              Browse Games
            </NavLink>
            <NavLink to="/users" className={navLinkClass}>
              Members
            </NavLink>
          </nav>
          {user ? (
            <div className="mt-auto flex flex-col gap-1 border-t border-line pt-4">
              <div className="mb-2 flex items-center gap-3 px-3">
                <Avatar name={displayName(user)} url={user.avatarUrl} size={36} />
                <span dir="auto" className="truncate font-semibold text-ink-strong">
                  {displayName(user)}
                </span>
              </div>
              <NavLink to={`/user/${user.id}`} className={navLinkClass}>
                Profile
              </NavLink>
              <NavLink to="/review" className={navLinkClass}>
                Write Review
              </NavLink>
              <button
                type="button"
                onClick={onOpenSettings}
                className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-muted hover:text-ink-strong"
              >
                Settings
              </button>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-muted hover:text-ink-strong"
                >
                  Sign Out
                </button>
              </Form>
            </div>
          ) : (
            <div className="mt-auto flex flex-col gap-2">
              <Link
                to="/login"
                onClick={(e) => onAuth(e, "login")}
                className="rounded-lg bg-accent px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-hover"
              >
                Sign In
              </Link>
              <Link
                to="/signup"
                onClick={(e) => onAuth(e, "signup")}
                className="rounded-lg border border-line px-4 py-2.5 text-center font-semibold hover:bg-surface-2"
              >
                Sign Up
              </Link>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

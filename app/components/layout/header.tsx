import * as Dialog from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { HeaderSearch } from "./header-search";
import { useAuthModal } from "~/components/auth/auth-modal";
import { LogoMark } from "./logo";
import { NoScriptMobileMenu, NoScriptUserMenu } from "./no-script-menus";
import { useHydrated } from "./use-hydrated";
import { Avatar, displayName, UserMenu, type HeaderUser } from "./user-menu";

// The user-settings modal is loaded only when first opened, to keep it out of every page's bundle.
const UserSettingsDialog = lazy(() => import("~/components/settings/user-settings-dialog"));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? "text-ink-strong" : "text-muted hover:text-ink-strong"}`;

export function Header({ user }: { user: HeaderUser | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const authModal = useAuthModal();
  // Until the app runs (and without JavaScript) the menus are native disclosures with plain links.
  const hydrated = useHydrated();
  // The links stay real links (no JavaScript: the /login and /signup pages); with JavaScript they open the modal.
  const openAuth = (e: React.MouseEvent, mode: "login" | "signup", fromPanel = false) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!fromPanel) return authModal.open(mode);
    // Let the side panel close (and hand focus back to its button) before the modal takes focus.
    setOpen(false);
    setTimeout(() => authModal.open(mode), 30);
  };
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Counts openings: each one mounts the dialog afresh (and 0 = never opened, not loaded yet).
  const [settingsOpenings, setSettingsOpenings] = useState(0);
  // After the menu (or side panel) has closed and handed focus back, so the dialog can take it.
  const openSettings = () => {
    setOpen(false);
    setSettingsOpenings((n) => n + 1);
    setTimeout(() => setSettingsOpen(true), 30);
  };
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    if (open) setOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-page/85 backdrop-blur supports-[backdrop-filter]:bg-page/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 lg:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold tracking-tight text-ink-strong" aria-label="Savepoint home">
          <LogoMark />
          <span className="text-lg">Savepoint</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center md:flex">
          <NavLink to="/search" className={navLinkClass}>
            Games
          </NavLink>
          <NavLink to="/users" className={navLinkClass}>
            Members
          </NavLink>
        </nav>
        <div className="hidden max-w-md flex-1 md:block">
          <HeaderSearch />
        </div>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          {user ? (
            hydrated ? (
              <UserMenu user={user} onOpenSettings={openSettings} />
            ) : (
              <NoScriptUserMenu user={user} />
            )
          ) : (
            <Link
              to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
              onClick={(e) => openAuth(e, "login")}
              className="rounded-lg bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-hover"
            >
              Sign In
            </Link>
          )}
        </div>
        {hydrated ? null : <NoScriptMobileMenu user={user} />}
        {hydrated ? (
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                className="ml-auto grid size-10 place-items-center rounded-lg text-ink hover:bg-surface md:hidden"
                aria-label="Open menu"
              >
                <Menu aria-hidden="true" className="size-6" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-in" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-6 border-l border-line bg-surface p-5 shadow-2xl focus:outline-none">
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
                      <Avatar user={user} size={36} />
                      <span className="truncate font-semibold text-ink-strong">{displayName(user)}</span>
                    </div>
                    <NavLink to={`/user/${user.id}`} className={navLinkClass}>
                      Profile
                    </NavLink>
                    <NavLink to="/review" className={navLinkClass}>
                      Write Review
                    </NavLink>
                    <button
                      type="button"
                      onClick={openSettings}
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
                      onClick={(e) => openAuth(e, "login", true)}
                      className="rounded-lg bg-accent px-4 py-2.5 text-center font-semibold text-white hover:bg-accent-hover"
                    >
                      Sign In
                    </Link>
                    <Link
                      to="/signup"
                      onClick={(e) => openAuth(e, "signup", true)}
                      className="rounded-lg border border-line px-4 py-2.5 text-center font-semibold hover:bg-surface-2"
                    >
                      Sign Up
                    </Link>
                  </div>
                )}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        ) : null}
        {user && settingsOpenings > 0 ? (
          <Suspense fallback={null}>
            <UserSettingsDialog key={settingsOpenings} open={settingsOpen} onOpenChange={setSettingsOpen} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}

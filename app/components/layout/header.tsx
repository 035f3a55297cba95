import { Menu } from "~/components/ui/icons";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { HeaderSearch } from "./header-search";
import { useAuthModal } from "~/components/auth/auth-modal";
import { LogoMark } from "./logo";
import { NoScriptMobileMenu, NoScriptUserMenu } from "./no-script-menus";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { HeaderUser } from "./header-user";
import { navLinkClass } from "./nav-link-class";

// Loaded only when needed, to keep them out of every page's first load: the user-settings modal when
// first opened, the account menu once a signed-in page has hydrated (the no-JS menu stands in until
// then), the phone side panel when its button is pointed at, focused or pressed.
const UserSettingsDialog = lazy(() => import("~/components/settings/user-settings-dialog"));
const UserMenu = lazy(() => import("./user-menu"));
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu();

export function Header({ user }: { user: HeaderUser | null }) {
  const [open, setOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
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
          <HeaderSearch compactToggle />
        </div>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          {user ? (
            hydrated ? (
              <Suspense fallback={<NoScriptUserMenu user={user} />}>
                <UserMenu user={user} onOpenSettings={openSettings} />
              </Suspense>
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
          <>
            <button
              ref={menuButton}
              type="button"
              className="ml-auto grid size-10 place-items-center rounded-lg text-ink hover:bg-surface md:hidden"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={open}
              onPointerEnter={preloadMobileMenu}
              onFocus={preloadMobileMenu}
              onClick={() => {
                setMenuLoaded(true);
                setOpen(true);
              }}
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
            {menuLoaded ? (
              <Suspense fallback={null}>
                <MobileMenu
                  user={user}
                  open={open}
                  onOpenChange={setOpen}
                  onAuth={(e, mode) => openAuth(e, mode, true)}
                  onOpenSettings={openSettings}
                  returnFocusTo={menuButton}
                />
              </Suspense>
            ) : null}
          </>
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

import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The last two in-app paths of this tab, for the page-view "navigation source". Updated by
 * useNavigationTracker() (mounted once, in the consent layer of the root layout).
 */
const history: { previous: string | null; current: string | null } = { previous: null, current: null };

export function useNavigationTracker(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (history.current === pathname) return;
    history.previous = history.current;
    history.current = pathname;
  }, [pathname]);
}

/**
 * The in-app path the visitor came from to `pathname`, or null on the first page of the tab.
 * Works whichever of the tracker and the caller ran its effect first.
 */
export function previousPathFor(pathname: string): string | null {
  return history.current === pathname ? history.previous : history.current;
}

import { useEffect } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { isTrackingAllowed, navigationSource, type ConsentChoice } from "~/lib/consent";
import { getSessionId, readLocalConsent } from "./consent-storage";
import { previousPathFor } from "./navigation-tracker";

/**
 * Reports a game page view to POST /api/events once the page is on screen, so the page never
 * waits for analytics. Sent only when this browser's choice allows tracking (or, without a local
 * record, the server's); the server checks the stored consent again before storing anything.
 */
export function GameViewBeacon({ gameId }: { gameId: number }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData("root") as { consent?: ConsentChoice | null } | undefined;
  const serverConsent = root?.consent ?? null;
  useEffect(() => {
    const local = readLocalConsent();
    if (!isTrackingAllowed(local ?? serverConsent)) return;
    const source = navigationSource(previousPathFor(pathname), document.referrer, window.location.origin);
    void fetch("/api/events", {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ type: "game_view", gameId, source, sessionId: getSessionId() }),
    }).catch(() => {
      // analytics never disturbs the page
    });
    // One report per game shown; a change of consent does not resend it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gameId]);
  return null;
}

import { registerPendingActionHandler } from "~/lib/pending-action";

/**
 * Pending actions whose handling needs nothing but navigation. Features that
 * change data (wishlist, collection, progress) register their own handlers
 * with `registerPendingActionHandler` next to their buttons.
 */
export function registerBuiltInPendingActions(): () => void {
  const unregister = [
    registerPendingActionHandler("write_review", (action, { navigate }) =>
      navigate(`/review/${encodeURIComponent(String(action.gameId))}`),
    ),
  ];
  return () => {
    for (const u of unregister) u();
  };
}

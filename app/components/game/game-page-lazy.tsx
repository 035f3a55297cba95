import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { GameError as GameErrorComponent } from "./game-error";
import type { RelatedContentProps } from "./related-content";

/**
 * Parts of the game page that are not in its first load (decision 016), fetched once the page has
 * hydrated: the related-content blocks (the server renders nothing there; they fill in from
 * /api/games/:idOrSlug/related) and the skeleton shown while another game loads; and the error
 * screen of a missing game, which only an error page needs.
 */
const loadRelated = () => import("./related-content");
const RelatedContent = lazy(() => loadRelated().then((m) => ({ default: m.RelatedContent })));
const loadSkeleton = () => import("./game-page-skeleton");
const Skeleton = lazy(() => loadSkeleton().then((m) => ({ default: m.GamePageSkeleton })));
const GameError = lazy(() => import("./game-error").then((m) => ({ default: m.GameError })));

/** RelatedContent, mounted after hydration like the component itself (nothing on the server, nothing without JavaScript). */
export function LazyRelatedContent(props: RelatedContentProps) {
  const hydrated = useHydrated();
  // The skeleton is wanted only on a later navigation: fetched now, while nothing else is.
  useEffect(() => void loadSkeleton(), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <RelatedContent {...props} />
    </Suspense>
  );
}

/** The placeholder of the page while another game loads (only ever after a click). */
export function LazyGamePageSkeleton() {
  return (
    <Suspense fallback={null}>
      <Skeleton />
    </Suspense>
  );
}

/**
 * GameError where the page failed. The server renders it whole (it waits for every part of the
 * document), and hydration keeps that HTML until the code has arrived.
 */
export function LazyGameError(props: Parameters<typeof GameErrorComponent>[0]) {
  return (
    <Suspense fallback={null}>
      <GameError {...props} />
    </Suspense>
  );
}

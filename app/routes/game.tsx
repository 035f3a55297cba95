import { optionalUser } from "~/auth/session.server";
import { data, isRouteErrorResponse, redirect, useLocation, useNavigation, useParams } from "react-router";
import type { Route } from "./+types/game";
import { GameControls } from "~/components/game/game-controls";
import { GameHero } from "~/components/game/game-hero";
import { LazyGameError, LazyGamePageSkeleton, LazyRelatedContent } from "~/components/game/game-page-lazy";
import { GameSummary } from "~/components/game/game-summary";
import { gameJsonLd, JsonLd } from "~/components/game/game-structured-data";
import { RatingsPanel } from "~/components/game/ratings-panel";
import { GameViewBeacon } from "~/components/privacy/game-view-beacon";
import { GameReviewBlock } from "~/components/review/game-review-block";

import { requestInfoContext } from "~/context.server";
import { igdbCoverUrl } from "~/lib/images";
import { pageTitle, shareTags } from "~/lib/meta";
import { isPageView } from "~/lib/page-view";

import { getGamePage } from "~/modules/catalogue/game.service.server";
import { PAGE_CACHE } from "~/lib/page-cache";
import { getGameReviewsBlock } from "~/modules/reviews/reviews.service.server";
import { getGameListState } from "~/modules/lists/lists.service.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const result = await getGamePage(params.identifier, { countView: isPageView(request.method, request.headers) });
  // A copy of this page served from the HTML cache counts its view with this id (server/html-cache.ts).
  if (result.ok && result.kind === "page") context.get(requestInfoContext).pageGameId = result.page.game.id;
  if (!result.ok) throw data({ message: result.error, identifier: params.identifier }, { status: result.status });
  // Permanent: the id → slug mapping is stable (imports keep a game's slug), so search engines
  // and browsers may remember it. docs: the canonical address of a game is /game/{slug}.
  if (result.kind === "redirect") throw redirect(result.location, 301);
  // The viewer's own review and list/progress states (signed in) and the newest written reviews.
  const viewer = await optionalUser(request);
  const [reviewBlock, lists] = await Promise.all([
    getGameReviewsBlock(viewer, result.page.game.id, result.writtenReviewCount),
    getGameListState(viewer, result.page.game),
  ]);
  return { ...result.page, reviewBlock, lists, origin: new URL(request.url).origin };
}

function absoluteImage(coverUrl: string | null): string | null {
  const url = igdbCoverUrl(coverUrl, "t_cover_big");
  return url && /^https?:\/\//.test(url) ? url : null;
}

/**
 * The same for every signed-out visitor: the page cache may keep it. The page writes its own share
 * tags (its cover as the image); root adds the defaults to every other page.
 */
export const handle = { ...PAGE_CACHE, ownShareTags: true };

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  if (!loaderData) {
    const message = isRouteErrorResponse(error) && error.status === 400 ? "Invalid game identifier" : "Game not found";
    const origin = (matches[0]?.data as { origin?: string } | undefined)?.origin;
    return [
      { title: pageTitle(message) },
      { name: "robots", content: "noindex" },
      ...(origin ? shareTags({ title: message, origin }) : []),
    ];
  }
  const { game, origin } = loaderData;
  const url = `${origin}${game.href}`;
  const description = game.summaryExcerpt || `${game.name}: ratings and reviews on Savepoint.`;
  const image = absoluteImage(game.coverUrl);
  return [
    { title: pageTitle(game.name) },
    { name: "description", content: description },
    ...shareTags({ title: game.name, description, image, origin }),
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
  ];
}

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { game, stats, reviewBlock, origin, lists } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  const loadingOtherGame =
    navigation.state === "loading" && !!next && next.pathname.startsWith("/game/") && next.pathname !== location.pathname;
  if (loadingOtherGame) return <LazyGamePageSkeleton />;

  const writeHref = `/review/${game.reviewGameId}`;
  return (
    <article>
      <JsonLd
        data={gameJsonLd({
          name: game.name,
          url: `${origin}${game.href}`,
          imageUrl: absoluteImage(game.coverUrl),
          releaseIso: game.releaseIso,
          platforms: game.platforms,
          genres: game.genres,
          developer: game.developer,
          publisher: game.publisher,
          description: game.summaryExcerpt,
          ratingCount: stats.count,
          ratingAverage: stats.average,
        })}
      />
      {/* Analytics, after render and only with consent (POST /api/events). */}
      <GameViewBeacon gameId={game.id} />
      <GameHero
        game={game}
        writeHref={writeHref}
        writeLabel={reviewBlock.hasOwnReview ? "Edit Review" : "Write Review"}
        signedIn={reviewBlock.signedIn}
      />
      <GameControls key={game.id} game={game} state={lists} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-10 lg:px-6 lg:py-10">
        <section aria-labelledby="about-heading" className="lg:col-start-1">
          <h2 id="about-heading" className="text-xl font-bold text-ink-strong">
            About
          </h2>
          <div className="mt-3">
            {game.summaryHtml ? (
              <GameSummary html={game.summaryHtml} isLong={game.summaryIsLong} />
            ) : (
              <p className="text-muted">No summary available.</p>
            )}
          </div>
        </section>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-20">
            <RatingsPanel count={stats.count} averageLabel={stats.averageLabel} histogram={stats.histogram} />
          </div>
        </div>
        <div className="lg:col-start-1">
          <GameReviewBlock
            reviews={reviewBlock.reviews}
            error={reviewBlock.error}
            writeHref={writeHref}
            signedIn={reviewBlock.signedIn}
            hasOwnReview={reviewBlock.hasOwnReview}
            likedReviewIds={reviewBlock.likedReviewIds}
            writtenCount={reviewBlock.writtenCount}
          />
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-10 lg:px-6">
        <LazyRelatedContent key={game.slug} identifier={game.slug} category={game.category} hasParentCard={game.parent !== null} />
      </div>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const params = useParams();
  const location = useLocation();
  const identifier = params.identifier ?? "";
  let status: number | null = null;
  let message = "Game not found";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const body = error.data as { message?: unknown } | undefined;
    message = typeof body?.message === "string" ? body.message : error.status === 404 ? "Game not found" : error.statusText || message;
  } else if (error instanceof Error && error.message) {
    message = error.message;
  }
  return <LazyGameError status={status} message={message} identifier={identifier} retryHref={location.pathname} />;
}

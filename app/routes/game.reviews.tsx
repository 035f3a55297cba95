import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/game.reviews";
import { currentActor } from "~/access/access.server";
import { ReviewCard } from "~/components/review/review-card";
import { countLabel } from "~/lib/counts";
import { pageTitle } from "~/lib/meta";
import { getGameReviewsPage } from "~/modules/reviews/game-reviews.service.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const result = await getGameReviewsPage(await currentActor(request), params.identifier, new URL(request.url).searchParams);
  if (!result.ok) throw data({ message: result.error }, { status: result.status });
  return result.data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData ? `Reviews of ${loaderData.game.name}` : "Game not found") }];
}

const tabClass = (on: boolean) =>
  `rounded-lg px-3 py-1.5 text-sm font-semibold ${on ? "bg-accent text-white" : "border border-line text-muted hover:text-ink-strong"}`;

/** All written reviews of a game: most liked or newest, 20 a page (page and sort in the URL). */
export default function GameReviewsRoute({ loaderData }: Route.ComponentProps) {
  const { game, sort, page, pageCount, total, reviews, signedIn } = loaderData;
  const href = (p: number, s = sort) => `?sort=${s}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm text-muted">
        <Link to={game.href} className="hover:underline">
          {game.name}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-ink-strong">
        Reviews of {game.name} ({countLabel(total)})
      </h1>
      <nav aria-label="Sort reviews" className="mt-4 flex gap-2">
        <Link to={href(1, "liked")} className={tabClass(sort === "liked")} aria-current={sort === "liked" ? "page" : undefined}>
          Most liked
        </Link>
        <Link to={href(1, "newest")} className={tabClass(sort === "newest")} aria-current={sort === "newest" ? "page" : undefined}>
          Newest
        </Link>
      </nav>
      {reviews.length === 0 ? (
        <p className="mt-8 text-ink">No written reviews yet. Be the first to write a review for this game!</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-3">
          {reviews.map((card) => (
            <li key={card.id}>
              <ReviewCard card={card} like={{ liked: card.isLiked, signedIn }} />
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={tabClass(false)}>
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={tabClass(false)}>
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const body = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | undefined) : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-strong">{typeof body?.message === "string" ? body.message : "Game not found"}</h1>
      <Link to="/search" className="mt-6 inline-block rounded-lg bg-accent px-4 py-2 font-semibold text-white">
        Browse Games
      </Link>
    </div>
  );
}

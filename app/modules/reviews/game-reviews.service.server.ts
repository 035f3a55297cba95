import type { Actor } from "~/access/access.server";
import { fail, ok, type Result } from "~/lib/result";
import { gameHref } from "~/lib/slugs";
import { resolveGame } from "~/modules/catalogue/game-resolver.server";
import { toReviewCard, type ReviewCard } from "./review-card";
import { listGameReviewCardsPage, type GameReviewSort } from "./reviews.queries.server";

export const ALL_REVIEWS_PAGE_SIZE = 20;

export interface GameReviewsPage {
  game: { id: number; name: string; href: string };
  sort: GameReviewSort;
  page: number;
  pageCount: number;
  total: number;
  reviews: (ReviewCard & { isLiked: boolean })[];
  signedIn: boolean;
}

/** A page number from the URL: 1 for anything that is not a positive whole number. */
function pageOf(value: string | null): number {
  const n = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}

/** /game/{slug}/reviews: a game's written reviews, most liked or newest, 20 a page, with the viewer's likes. */
export async function getGameReviewsPage(
  viewer: Actor,
  identifier: string | undefined,
  params: URLSearchParams,
): Promise<Result<GameReviewsPage>> {
  const resolved = await resolveGame(identifier);
  if (!resolved.ok) return fail(resolved.status, resolved.error);
  const g = resolved.data.game;
  const sort: GameReviewSort = params.get("sort") === "newest" ? "newest" : "liked";
  const total = g.writtenReviewCount;
  const pageCount = Math.max(1, Math.ceil(total / ALL_REVIEWS_PAGE_SIZE));
  const page = Math.min(pageOf(params.get("page")), pageCount);
  const rows = await listGameReviewCardsPage(g.id, sort, ALL_REVIEWS_PAGE_SIZE, (page - 1) * ALL_REVIEWS_PAGE_SIZE, viewer?.id ?? null);
  const href = gameHref({ slug: g.slug, igdbId: g.igdbId, name: g.name, id: g.id });
  return ok({
    game: { id: g.id, name: g.name, href: href === "/search" ? `/game/${g.slug}` : href },
    sort,
    page,
    pageCount,
    total,
    reviews: rows.map((r) => ({ ...toReviewCard(r), isLiked: r.liked === true })),
    signedIn: viewer !== null,
  });
}

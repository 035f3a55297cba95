import { ACCOUNT_GONE, requireOwner, type Actor } from "~/access/access.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import type { SessionUser } from "~/auth/session.server";
import { transaction } from "~/db/transaction.server";
import { formatReleaseDate, parseDate } from "~/lib/dates";
import { fail, ok, type Result } from "~/lib/result";
import { sanitizeUserText } from "~/lib/sanitize.server";
import { parseReviewGameRef, reviewGameRef, type ReviewGameRef } from "~/lib/review-game-ref";
import { gameHref } from "~/lib/slugs";
import { findOrFetchGameByIgdbId } from "~/modules/catalogue/igdb/igdb-lookup.server";
import { searchGames } from "~/modules/catalogue/search/search.service.server";
import { getProgressState, recordReviewFinish } from "~/modules/lists/lists.service.server";
import { toReviewCard, type ReviewCard } from "./review-card";
import {
  adjustGameRatingStats,
  deleteOwnReview,
  findGameLinkById,
  findOwnReview,
  findPlatformId,
  findReviewGame,
  findReviewOwner,
  findReviewView,
  countGameWrittenReviews,
  insertReview,
  listGameReviewCards,
  lockOwnReview,
  shiftUserRatingCount,
  updateReview,
  type ReviewGameRow,
  type ReviewValues,
} from "./reviews.queries.server";
import {
  DEFAULT_PLATFORMS,
  deleteFailed,
  parseId,
  platformNotFound,
  REVIEW_MESSAGES as M,
  reviewFormSchema,
  submitFailed,
  updateFailed,
} from "./reviews.schema";

const UNAUTHENTICATED = "User not authenticated";
export const GAME_PAGE_REVIEWS = 5;
const PICKER_LIMIT = 20;

export interface ReviewEditorGame {
  id: number;
  /** The id review links use: the IGDB id, else the internal id. */
  reviewGameId: string;
  name: string;
  href: string;
  coverUrl: string | null;
  releaseLabel: string;
  /** The platforms offered: the game's own, else the default list. */
  platformOptions: string[];
}

export interface ReviewEditorReview {
  id: number;
  rating: number;
  text: string;
  recommended: boolean | null;
  platform: string | null;
  playtime: number | null;
  containsSpoilers: boolean;
}

export interface PickerResult {
  reviewGameId: string;
  name: string;
  year: number | null;
  coverUrl: string | null;
}

export interface ReviewEditor {
  game: ReviewEditorGame | null;
  /** The game picker's results for `q` when no game is chosen yet (at most 20). */
  results: PickerResult[];
  query: string;
  review: ReviewEditorReview | null;
  /** Already marked finished: the finish answer is locked. */
  finishedLocked: boolean;
  /** The finish answer to start from: 'no' when the game is marked started, else unset. */
  finishedAnswer: "" | "no";
}

function platformOptions(game: ReviewGameRow): string[] {
  const seen = new Set<string>();
  const own = game.platforms.map((p) => p.trim()).filter((p) => p !== "" && !seen.has(p) && seen.add(p));
  return own.length > 0 ? own : [...DEFAULT_PLATFORMS];
}

function toEditorGame(game: ReviewGameRow): ReviewEditorGame {
  const date = game.releaseDate ? parseDate(game.releaseDate) : null;
  return {
    id: game.id,
    reviewGameId: reviewGameRef(game),
    name: game.name,
    href: linkToGame(game),
    coverUrl: game.coverUrl,
    releaseLabel: date ? formatReleaseDate(date) : game.releaseYear ? String(game.releaseYear) : "Unknown",
    platformOptions: platformOptions(game),
  };
}

function linkToGame(game: { id: number; igdbId: number | null; slug: string; name: string }): string {
  const href = gameHref({ slug: game.slug, igdbId: game.igdbId, name: game.name, id: game.id });
  return href === "/search" ? `/game/${game.slug}` : href;
}

/**
 * The game of a review link id: stored (by IGDB id, or internal id for a game without one), else
 * fetched from IGDB and saved first.
 */
async function resolveGame(ref: ReviewGameRef): Promise<ReviewGameRow | null> {
  const stored = await findReviewGame(ref);
  if (stored || ref.kind === "local") return stored;
  const fetched = await findOrFetchGameByIgdbId(ref.value);
  return fetched ? findReviewGame(ref) : null;
}

/**
 * The write / edit page: the game (when one is chosen), the user's review of it and the finish lock.
 * Without a user (a form posted after the session ended, shown again with what was typed) there is no
 * review of theirs to show and no finish lock.
 */
export async function getReviewEditor(actor: SessionUser | null, gameParam: string | undefined, q = ""): Promise<Result<ReviewEditor>> {
  if (gameParam === undefined || gameParam === "") {
    const query = q.trim().slice(0, 100);
    const found = query ? await searchGames({ q: query, page: 1, pageSize: PICKER_LIMIT }) : null;
    const results = (found?.games ?? []).map((g) => ({ reviewGameId: reviewGameRef(g), name: g.name, year: g.year, coverUrl: g.coverUrl }));
    return ok({ game: null, results, query, review: null, finishedLocked: false, finishedAnswer: "" });
  }
  const ref = parseReviewGameRef(gameParam);
  const game = ref === null ? null : await resolveGame(ref);
  if (!game) return fail(404, M.gameNotFound);
  const [own, progress] = actor
    ? await Promise.all([findOwnReview(actor.id, game.id), getProgressState(actor.id, game.id)])
    : [null, "none" as const];
  return ok({
    game: toEditorGame(game),
    results: [],
    query: "",
    review: own
      ? {
          id: own.id,
          rating: own.rating,
          text: own.review ?? "",
          recommended: own.isRecommended,
          platform: own.platformName,
          playtime: own.playtimeHours,
          containsSpoilers: own.containsSpoilers,
        }
      : null,
    finishedLocked: progress === "completed",
    finishedAnswer: progress === "started" ? "no" : "",
  });
}

export interface SavedReview {
  reviewId: number;
  created: boolean;
  /** Where the page goes afterwards: the game page. */
  gameHref: string;
}

/**
 * Publish (no reviewId) or update (reviewId of the user's review) a review of the game `gameParam`.
 * The rating counts of the game, the review and the progress the finish answer sets commit together.
 */
export async function saveReview(actor: Actor, gameParam: string | undefined, form: Record<string, unknown>): Promise<Result<SavedReview>> {
  if (!actor) return fail(401, UNAUTHENTICATED);
  const parsed = reviewFormSchema.safeParse(form);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.rating);
  const input = parsed.data;
  const editing = input.reviewId.trim() !== "";
  const failed = editing ? updateFailed : submitFailed;

  const reviewId = editing ? parseId(input.reviewId) : null;
  if (editing && reviewId === null) return fail(400, failed(M.invalidReviewId));
  if (gameParam === undefined || gameParam === "") return fail(400, failed(M.missingIgdbId));
  const ref = parseReviewGameRef(gameParam);
  if (ref === null) return fail(400, failed(M.missingIgdbId));
  const game = await resolveGame(ref);
  if (!game) return fail(404, failed(M.gameNotFound));

  const progress = await getProgressState(actor.id, game.id);
  const finishedLocked = progress === "completed";
  if (!finishedLocked && input.finished === null) return fail(400, M.finished);

  const options = platformOptions(game);
  if (input.platform === "") return fail(400, M.platform);
  if (!options.includes(input.platform)) return fail(400, failed(platformNotFound(input.platform)));
  const platformId = await findPlatformId(input.platform);
  if (platformId === null) return fail(400, failed(platformNotFound(input.platform)));

  const text = sanitizeUserText(input.text);
  const values: ReviewValues = {
    rating: input.rating,
    review: text === "" ? null : text,
    isRecommended: input.recommended,
    platformId,
    playtimeHours: input.playtime,
    containsSpoilers: input.spoilers,
  };
  const entry = { userId: actor.id, gameId: game.id, igdbId: game.igdbId };
  const progressTo = finishedLocked ? null : input.finished ? "completed" : "started";

  if (!editing) {
    const created = await transaction(async (tx) => {
      // The session was checked when the request began; the account may have been deleted since.
      if (!(await holdAccount(tx, actor.id))) return ACCOUNT_GONE;
      const row = await insertReview(tx, { ...values, ...entry, slug: game.slug });
      if (!row) return null;
      await shiftUserRatingCount(tx, entry.userId, 1);
      await adjustGameRatingStats(tx, game.id, null, values);
      if (progressTo) await recordReviewFinish(entry.userId, entry.gameId, progressTo === "completed", tx);
      return row;
    });
    if (created === ACCOUNT_GONE) return fail(401, ACCOUNT_GONE);
    if (!created) return fail(409, failed(M.duplicate));
    return ok({ reviewId: created.id, created: true, gameHref: linkToGame(game) });
  }

  const owner = await findReviewOwner(reviewId!);
  const access = requireOwner(actor, "review.update", owner && owner.gameId === game.id ? { ownerId: owner.userId } : null, {
    unauthenticated: UNAUTHENTICATED,
    denied: failed(M.editDenied),
  });
  if (!access.ok) return access;
  const updated = await transaction(async (tx) => {
    if (!(await holdAccount(tx, actor.id))) return ACCOUNT_GONE;
    // Locked, so two updates of one review move the game's stats one after the other, each from the
    // rating and text the other left (a new bar, text written or cleared).
    const before = await lockOwnReview(tx, reviewId!, actor.id);
    if (!before) return false;
    await updateReview(tx, reviewId!, values);
    await adjustGameRatingStats(tx, game.id, before, values);
    if (progressTo) await recordReviewFinish(entry.userId, entry.gameId, progressTo === "completed", tx);
    return true;
  });
  if (updated === ACCOUNT_GONE) return fail(401, ACCOUNT_GONE);
  if (!updated) return fail(404, failed(M.editDenied));
  return ok({ reviewId: reviewId!, created: false, gameHref: linkToGame(game) });
}

/**
 * Deletes the user's own review; the user's and the game's rating counts drop in the same transaction,
 * and the game leaves the user's Top 5 with the rating (the entry's foreign key cascades).
 */
export async function deleteReview(actor: Actor, reviewIdInput: unknown): Promise<Result<{ gameHref: string }>> {
  if (!actor) return fail(401, UNAUTHENTICATED);
  const reviewId = parseId(reviewIdInput);
  if (reviewId === null) return fail(400, deleteFailed(M.invalidReviewId));
  const owner = await findReviewOwner(reviewId);
  const access = requireOwner(actor, "review.delete", owner ? { ownerId: owner.userId } : null, {
    unauthenticated: UNAUTHENTICATED,
    denied: deleteFailed(M.deleteDenied),
  });
  if (!access.ok) return access;
  const deleted = await transaction(async (tx) => {
    const row = await deleteOwnReview(tx, reviewId, actor.id);
    if (row) {
      await shiftUserRatingCount(tx, actor.id, -1);
      await adjustGameRatingStats(tx, row.gameId, row, null);
    }
    return row;
  });
  if (!deleted) return fail(404, deleteFailed(M.deleteDenied));
  const game = await findGameLinkById(deleted.gameId);
  return ok({ gameHref: game ? linkToGame(game) : "/search" });
}

export interface ReviewView {
  id: number;
  userId: number;
  author: string;
  authorAvatar: string | null;
  game: { name: string; href: string; coverUrl: string | null; reviewGameId: string };
  rating: number;
  text: string;
  /** ISO date of posting, null when unknown. */
  dateIso: string | null;
  /** 'March 5, 2024', or 'Unknown date'. */
  dateLabel: string;
  platformName: string | null;
  recommended: boolean | null;
  playtime: number | null;
  containsSpoilers: boolean;
  likeCount: number;
  commentCount: number;
  /** Set for the author: the link to edit this review. */
  editHref: string | null;
  /** The viewer likes this review (read with it; false for a visitor). */
  likedByViewer: boolean;
}

/** /review/{userId}/{game}: one review, the game named as review addresses name it (review-game-ref.ts). */
export async function getReviewView(
  viewer: Actor,
  userParam: string | undefined,
  gameParam: string | undefined,
): Promise<Result<ReviewView>> {
  const userId = parseId(userParam);
  const gameRef = parseReviewGameRef(gameParam);
  if (userId === null || gameRef === null) return fail(400, M.invalidViewParams);
  const row = await findReviewView(userId, gameRef, viewer?.id ?? null);
  if (!row) return fail(404, M.notFound);
  const posted = row.postDateTime ? parseDate(row.postDateTime) : null;
  const reviewGameId = reviewGameRef({ id: row.gameId, igdbId: row.igdbId });
  return ok({
    id: row.id,
    userId: row.userId,
    author: row.username?.trim() || row.name?.trim() || "Anonymous",
    authorAvatar: row.avatarUrl,
    game: {
      name: row.gameName.trim() || "Unknown Game",
      href: linkToGame({ id: row.gameId, igdbId: row.igdbId, slug: row.gameSlug, name: row.gameName }),
      coverUrl: row.gameCoverUrl,
      reviewGameId,
    },
    rating: row.rating,
    text: row.review ?? "",
    dateIso: posted ? posted.toISOString() : null,
    dateLabel: posted ? formatReleaseDate(posted) : "Unknown date",
    platformName: row.platformName,
    recommended: row.isRecommended,
    playtime: row.playtimeHours,
    containsSpoilers: row.containsSpoilers,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    editHref: viewer?.id === row.userId ? `/review/${reviewGameId}` : null,
    likedByViewer: row.liked === true,
  });
}

export interface GameReviewsBlock {
  signedIn: boolean;
  /** The signed-in user already reviewed this game: the button reads 'Edit Review'. */
  hasOwnReview: boolean;
  reviews: ReviewCard[];
  /** The shown reviews the viewer has liked (empty for a visitor). */
  likedReviewIds: number[];
  /** All written reviews of the game: 'See all N reviews' links to them. */
  writtenCount: number;
  error: string | null;
}

/**
 * The game page's review block: the 5 newest written reviews and whether the viewer has one.
 * `writtenCount` is the game row's written_review_count when the caller has read the row; else it is read.
 */
export async function getGameReviewsBlock(viewer: Actor, gameId: number, writtenCount?: number): Promise<GameReviewsBlock> {
  const [rows, own, written] = await Promise.all([
    listGameReviewCards(gameId, GAME_PAGE_REVIEWS, viewer?.id ?? null).catch((error: unknown) => {
      console.error(`[reviews] loading reviews for game ${gameId} failed:`, error);
      return null;
    }),
    viewer ? findOwnReview(viewer.id, gameId).catch(() => null) : Promise.resolve(null),
    writtenCount ?? countGameWrittenReviews(gameId).catch(() => 0),
  ]);
  const cards = rows?.map(toReviewCard) ?? null;
  return {
    signedIn: viewer !== null,
    hasOwnReview: own !== null,
    reviews: cards ?? [],
    // The like states came with the cards (cardColumnsFor): no statement of their own.
    likedReviewIds: (rows ?? []).filter((r) => r.liked).map((r) => r.id),
    writtenCount: written,
    error: cards ? null : "Failed to load reviews",
  };
}

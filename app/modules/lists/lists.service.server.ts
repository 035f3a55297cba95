import { ACCOUNT_GONE, requireOwner, type Actor } from "~/access/access.server";
import { holdAccount } from "~/modules/accounts/account-hold.queries.server";
import { fail, ok, type Result } from "~/lib/result";
import { findOrFetchGameByIgdbId } from "~/modules/catalogue/igdb/igdb-lookup.server";
import { searchGames } from "~/modules/catalogue/search/search.service.server";
import type { ListState } from "./list-state";
import { LISTS_MESSAGES as M } from "./lists.messages";
import {
  deleteFromBothLists,
  deleteFromList,
  findGameById,
  findGameByIgdbId,
  getListState,
  getProgress,
  isInList,
  countLists,
  listCollection,
  listTopFive,
  listTopRated,
  listWishlist,
  progressedGameIds,
  ratedGameIds,
  replaceTopFive,
  searchRatedGames,
  setWishlistPriority,
  upsertCollection,
  upsertCompleted,
  upsertStarted,
  upsertWishlist,
  withUserLists,
  type Executor,
  type ListGame,
  type ListGameRow,
  type Tx,
} from "./lists.queries.server";
import { autocommit } from "~/db/transaction.server";
import {
  LIST_PAGE_SIZE,
  ListActionSchema,
  parseGameKey,
  parsePositiveId,
  PICKER_LIMIT,
  PICKER_MODES,
  TOP_FIVE_SLOTS,
  TOP_TEN_SIZE,
  TopFiveSchema,
  type ListAction,
  type PickerMode,
  type TopFiveEntry,
  type WantToPlayPages,
} from "./lists.schema";

/**
 * Play progress, wishlist, collection and Top 5: the one module that owns their rules.
 *
 * Per game and user there are four flags. Progress goes not tracked → started → completed (finished
 * implies started). A started or finished game is in neither list: adding or moving it is refused,
 * marking it started or finished takes it off both lists, and the game page clears any left-over entry
 * when it loads. Every write runs in a transaction holding the user's lists lock, so a flag read and the
 * write that depends on it never interleave with another request of the same user.
 */

/** Aborts a transaction with an expected failure (nothing it wrote is kept). */
class Refusal extends Error {
  constructor(readonly result: { ok: false; status: number; error: string }) {
    super(result.error);
  }
}

function toState(row: Awaited<ReturnType<typeof getListState>>): ListState {
  return {
    inWishlist: row.wishlistPriority !== null,
    wishlistPriority: row.wishlistPriority,
    inCollection: row.inCollection,
    started: row.started || row.completed,
    completed: row.completed,
  };
}

function authorize(actor: Actor): Result<{ id: number }> {
  // Lists and progress belong to the signed-in user; no request can address another user's.
  return requireOwner(actor, "list.update", actor ? { ownerId: actor.id } : null, {
    unauthenticated: M.unauthenticated,
    denied: M.unauthenticated,
  });
}

async function inUserTx<T>(userId: number, fn: (tx: Tx) => Promise<T>): Promise<T | { ok: false; status: number; error: string }> {
  try {
    return await withUserLists(userId, async (tx) => {
      // The session was checked when the request began; the account may have been deleted since.
      if (!(await holdAccount(tx, userId))) throw new Refusal(fail(401, ACCOUNT_GONE));
      return fn(tx);
    });
  } catch (err) {
    if (err instanceof Refusal) return err.result;
    throw err;
  }
}

/**
 * The game an action names: `{ igdbId }` (the spec's field) or `{ gameId }` (the internal id of a
 * catalogue game, with or without an IGDB id), exactly one (parseGameKey). Each value is checked (a
 * positive whole id); a bare number is never accepted, so an internal id cannot be read as an IGDB id
 * or the other way round.
 */
export interface GameTarget {
  igdbId?: unknown;
  gameId?: unknown;
}

type Transition = (tx: Tx, userId: number, game: ListGame) => Promise<void>;

/**
 * Runs one transition for the signed-in user on the game named by `target`. A game named by an IGDB
 * id and known only to IGDB is fetched and saved first (outside the transaction: it is a network
 * call); the transaction then finds the game again ('Game must be added to database first' when it is
 * not there). Every list and progress row is keyed by the internal game id. Removals (needsGame false)
 * of a game that is not in the catalogue have nothing to remove: they answer the empty state.
 */
async function transition(actor: Actor, target: GameTarget, step: Transition, opts: { needsGame: boolean }): Promise<Result<ListState>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const userId = auth.data.id;
  const parsed = parseGameKey(target);
  if (!parsed.ok) return fail(400, parsed.error);
  const key = parsed.key;
  if (opts.needsGame && "igdbId" in key && !(await findOrFetchGameByIgdbId(key.igdbId))) return fail(404, M.gameNotInDatabase);
  return inUserTx(userId, async (tx) => {
    const found = "igdbId" in key ? await findGameByIgdbId(tx, key.igdbId) : await findGameById(tx, key.gameId);
    if (found === null && opts.needsGame) throw new Refusal(fail(404, M.gameNotInDatabase));
    // No game, no entry of it (list and progress rows cascade with their game): -1 matches nothing.
    const g = found ?? { id: -1, igdbId: null };
    await step(tx, userId, g);
    return ok(toState(await getListState(tx, userId, g.id)));
  });
}

async function isProgressed(tx: Tx, userId: number, gameId: number): Promise<boolean> {
  const p = await getProgress(tx, userId, gameId);
  return p !== null && (p.started || p.completed);
}

const refuse = (error: string) => new Refusal(fail(409, error));

// ---- Progress ----

/** Lists cleared, progress recorded (the game exists: the transition found it), in one transaction. */
async function recordProgress(tx: Executor, userId: number, g: ListGame, finished: boolean): Promise<void> {
  await deleteFromBothLists(tx, userId, g.id);
  if (finished) await upsertCompleted(tx, userId, g.id, g.igdbId);
  else await upsertStarted(tx, userId, g.id, g.igdbId);
}

/** Started: started_date kept when already set. A finished game stays finished. */
export function markStarted(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(actor, target, (tx, userId, g) => recordProgress(tx, userId, g, false), { needsGame: true });
}

/** Finished (and so started): started_date kept when set, completed_date now. */
export function markCompleted(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(actor, target, (tx, userId, g) => recordProgress(tx, userId, g, true), { needsGame: true });
}

/** Per user and game: not tracked, started, or finished (which implies started). */
export type ProgressState = "none" | "started" | "completed";

export async function getProgressState(userId: number, gameId: number): Promise<ProgressState> {
  const row = await getProgress(autocommit(), userId, gameId);
  return row?.completed ? "completed" : row?.started ? "started" : "none";
}

/**
 * For the reviews module when a review is published or updated: unless the game is already finished,
 * the "Did you finish the game?" answer marks it finished (yes) or started (no), and takes it off both
 * lists. `gameId` is the internal game id. Pass the review's transaction as `ex` to write in it.
 */
export async function recordReviewFinish(userId: number, gameId: number, finished: boolean, ex?: Executor): Promise<Result<void>> {
  const run = async (tx: Executor): Promise<Result<void>> => {
    const g = await findGameById(tx, gameId);
    if (!g) return fail(404, M.gameNotInDatabase);
    const p = await getProgress(tx, userId, gameId);
    if (p?.completed) return ok();
    await recordProgress(tx, userId, g, finished);
    return ok();
  };
  if (ex) return run(ex);
  return withUserLists(userId, run);
}

// ---- Wishlist and collection ----

async function addWishlistStep(tx: Tx, userId: number, g: ListGame, priority?: number): Promise<void> {
  if (await isProgressed(tx, userId, g.id)) throw refuse(M.cannotAddWishlist);
  if (await isInList(tx, "collection", userId, g.id)) throw refuse(M.alreadyInCollection);
  await upsertWishlist(tx, userId, g, priority);
}

/** Adding to the collection a game on the wishlist moves it (the button reads 'Move to Collection'). */
async function addCollectionStep(tx: Tx, userId: number, g: ListGame): Promise<void> {
  const onWishlist = await isInList(tx, "wishlist", userId, g.id);
  if (await isProgressed(tx, userId, g.id)) throw refuse(onWishlist ? M.cannotMoveCollection : M.cannotAddCollection);
  if (onWishlist) await deleteFromList(tx, "wishlist", userId, g.id);
  await upsertCollection(tx, userId, g);
}

export function addToWishlist(actor: Actor, target: GameTarget, priority?: 0 | 1 | 2): Promise<Result<ListState>> {
  return transition(actor, target, (tx, userId, g) => addWishlistStep(tx, userId, g, priority), { needsGame: true });
}

export function addToCollection(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(actor, target, addCollectionStep, { needsGame: true });
}

export function removeFromWishlist(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(actor, target, async (tx, userId, g) => void (await deleteFromList(tx, "wishlist", userId, g.id)), {
    needsGame: false,
  });
}

export function removeFromCollection(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(actor, target, async (tx, userId, g) => void (await deleteFromList(tx, "collection", userId, g.id)), {
    needsGame: false,
  });
}

/** Wishlist button: removes when listed, else adds (refused while the game is in the collection). */
export function toggleWishlist(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(
    actor,
    target,
    async (tx, userId, g) => {
      if (await deleteFromList(tx, "wishlist", userId, g.id)) return;
      await addWishlistStep(tx, userId, g);
    },
    { needsGame: true },
  );
}

/** Collection button: removes when listed, else adds (moving it off the wishlist). */
export function toggleCollection(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(
    actor,
    target,
    async (tx, userId, g) => {
      if (await deleteFromList(tx, "collection", userId, g.id)) return;
      await addCollectionStep(tx, userId, g);
    },
    { needsGame: true },
  );
}

export function moveToCollection(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(
    actor,
    target,
    async (tx, userId, g) => {
      if (await isProgressed(tx, userId, g.id)) throw refuse(M.cannotMoveCollection);
      await deleteFromList(tx, "wishlist", userId, g.id);
      await upsertCollection(tx, userId, g);
    },
    { needsGame: true },
  );
}

export function moveToWishlist(actor: Actor, target: GameTarget): Promise<Result<ListState>> {
  return transition(
    actor,
    target,
    async (tx, userId, g) => {
      if (await isProgressed(tx, userId, g.id)) throw refuse(M.cannotMoveWishlist);
      await deleteFromList(tx, "collection", userId, g.id);
      await upsertWishlist(tx, userId, g);
    },
    { needsGame: true },
  );
}

export function setPriority(actor: Actor, target: GameTarget, priority: 0 | 1 | 2): Promise<Result<ListState>> {
  return transition(
    actor,
    target,
    async (tx, userId, g) => {
      if (!(await setWishlistPriority(tx, userId, g.id, priority))) throw new Refusal(fail(404, M.notInWishlist));
    },
    { needsGame: false },
  );
}

/** POST /api/lists: one parsed game-page action. */
export function applyListAction(actor: Actor, action: ListAction): Promise<Result<ListState>> {
  const target: GameTarget = { igdbId: action.igdbId, gameId: action.gameId };
  switch (action.intent) {
    case "mark_started":
      return markStarted(actor, target);
    case "mark_completed":
      return markCompleted(actor, target);
    case "toggle_wishlist":
      return toggleWishlist(actor, target);
    case "toggle_collection":
      return toggleCollection(actor, target);
    case "add_to_wishlist":
      return addToWishlist(actor, target);
    case "add_to_collection":
      return addToCollection(actor, target);
    case "remove_from_wishlist":
      return removeFromWishlist(actor, target);
    case "remove_from_collection":
      return removeFromCollection(actor, target);
    case "move_to_wishlist":
      return moveToWishlist(actor, target);
    case "move_to_collection":
      return moveToCollection(actor, target);
    case "set_priority":
      return setPriority(actor, target, action.priority);
  }
}

export type { ListState };

/**
 * The game page's four flags for the signed-in user (null for a visitor), in one query. A game whose
 * progress is started or completed is taken off both lists here, should an old entry remain.
 */
export async function getGameListState(actor: Actor, game: { id: number }): Promise<ListState | null> {
  if (!actor) return null;
  const state = toState(await getListState(autocommit(), actor.id, game.id));
  if (state.started && (state.inWishlist || state.inCollection)) {
    await withUserLists(actor.id, (tx) => deleteFromBothLists(tx, actor.id, game.id));
    return { ...state, inWishlist: false, wishlistPriority: null, inCollection: false };
  }
  return state;
}

// ---- Top 5 ----

/**
 * Replaces the signed-in user's Top 5 in one transaction: at most 5 entries, positions 1–5, no game or
 * position twice, only games the user has rated. Nothing is written when any entry is refused. (The
 * database keeps the last rule too: an entry references the rating, so deleting a review takes its
 * game out of the Top 5.)
 */
export async function saveTopFive(actor: Actor, raw: unknown): Promise<Result<TopFiveEntry[]>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const userId = auth.data.id;
  const parsed = TopFiveSchema.safeParse(raw);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.topFiveBadPayload);
  const entries = [...parsed.data].sort((a, b) => a.position - b.position);
  return inUserTx(userId, async (tx) => {
    const rated = await ratedGameIds(
      tx,
      userId,
      entries.map((e) => e.gameId),
    );
    if (rated.size !== entries.length) throw new Refusal(fail(422, M.topFiveUnrated));
    await replaceTopFive(tx, userId, entries);
    return ok(entries);
  });
}

// ---- Profile tabs (each reads on its own, so a failed tab never breaks the page) ----

export interface TabGame {
  gameId: number;
  igdbId: number | null;
  name: string;
  slug: string;
  coverUrl: string | null;
  year: number | null;
}

const toTabGame = (r: ListGameRow): TabGame => ({
  gameId: r.gameId,
  igdbId: r.igdbId,
  name: r.name,
  slug: r.slug,
  coverUrl: r.coverUrl,
  year: r.releaseYear,
});

export interface TopFiveTab {
  /** Five slots, index 0 = position 1; null for an empty slot. */
  slots: ((TabGame & { rating: number | null }) | null)[];
  error: string | null;
}

export async function loadTopFiveTab(userId: number): Promise<TopFiveTab> {
  const slots: TopFiveTab["slots"] = Array.from({ length: TOP_FIVE_SLOTS }, () => null);
  try {
    for (const row of await listTopFive(userId)) slots[row.position - 1] = { ...toTabGame(row), rating: row.rating };
    return { slots, error: null };
  } catch (err) {
    console.error("[lists] Top 5 read failed:", err);
    return { slots, error: M.loadTopFiveFailed };
  }
}

export interface TopTenTab {
  games: (TabGame & { rating: number })[];
  error: string | null;
}

export async function loadTopTenTab(userId: number): Promise<TopTenTab> {
  try {
    return { games: (await listTopRated(userId, TOP_TEN_SIZE)).map((r) => ({ ...toTabGame(r), rating: r.rating })), error: null };
  } catch (err) {
    console.error("[lists] Top 10 read failed:", err);
    return { games: [], error: M.loadTopGamesFailed };
  }
}

/** One page of a list: the games shown, the list's true size, and where this page sits. */
export interface ListPage<T> {
  games: T[];
  /** Every game in the list, not only the ones on this page. */
  total: number;
  /** 1-based, clamped to 1..pageCount. */
  page: number;
  /** At least 1 (an empty list has one empty page). */
  pageCount: number;
}

export interface WantToPlayTab {
  collection: ListPage<TabGame>;
  wishlist: ListPage<TabGame & { priority: number }>;
  error: string | null;
}

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
const offsetOf = (page: number) => (page - 1) * LIST_PAGE_SIZE;

/**
 * Collection (newest first) and wishlist (priority, then newest), 36 games a page each, with each
 * list's true count. The counts and both requested pages are read together; a page past the end (an
 * old link, or the last game of the last page just removed) is read again as the last page.
 */
export async function loadWantToPlayTab(userId: number, pages: Partial<WantToPlayPages> = {}): Promise<WantToPlayTab> {
  const want = { collection: Math.max(1, pages.collectionPage ?? 1), wishlist: Math.max(1, pages.wishlistPage ?? 1) };
  try {
    const [counts, collectionRows, wishlistRows] = await Promise.all([
      countLists(userId),
      listCollection(userId, LIST_PAGE_SIZE, offsetOf(want.collection)),
      listWishlist(userId, LIST_PAGE_SIZE, offsetOf(want.wishlist)),
    ]);
    const collectionPages = pageCountOf(counts.collection);
    const wishlistPages = pageCountOf(counts.wishlist);
    const collectionPage = Math.min(want.collection, collectionPages);
    const wishlistPage = Math.min(want.wishlist, wishlistPages);
    const [collection, wishlist] = await Promise.all([
      collectionPage === want.collection ? collectionRows : listCollection(userId, LIST_PAGE_SIZE, offsetOf(collectionPage)),
      wishlistPage === want.wishlist ? wishlistRows : listWishlist(userId, LIST_PAGE_SIZE, offsetOf(wishlistPage)),
    ]);
    return {
      collection: { games: collection.map(toTabGame), total: counts.collection, page: collectionPage, pageCount: collectionPages },
      wishlist: {
        games: wishlist.map((r) => ({ ...toTabGame(r), priority: r.priority })),
        total: counts.wishlist,
        page: wishlistPage,
        pageCount: wishlistPages,
      },
      error: null,
    };
  } catch (err) {
    console.error("[lists] Want to Play read failed:", err);
    const empty = { games: [], total: 0, page: 1, pageCount: 1 };
    return { collection: empty, wishlist: empty, error: M.pickerLoadFailed };
  }
}

// ---- Game picker ----

export interface PickerGame extends TabGame {
  /** The user's rating (Top 5 mode). */
  rating: number | null;
}

export interface PickerResult {
  games: PickerGame[];
  /** Collection / wishlist mode: games left out because the user started or finished them. */
  hiddenCount: number;
}

/**
 * The picker's search. Top 5: the user's rated games, best first, matching name or genre, without the
 * ones already placed. Collection / wishlist: the catalogue's search (limit 20) without the games the
 * user has started or finished.
 */
export async function searchPicker(actor: Actor, mode: PickerMode, q: string, exclude: number[] = []): Promise<Result<PickerResult>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const userId = auth.data.id;
  const term = q.trim().slice(0, 100);
  try {
    if (mode === "top5") {
      const rows = await searchRatedGames(userId, term, exclude.slice(0, TOP_FIVE_SLOTS), PICKER_LIMIT);
      return ok({ games: rows.map((r) => ({ ...toTabGame(r), rating: r.rating })), hiddenCount: 0 });
    }
    if (!term) return ok({ games: [], hiddenCount: 0 });
    const found = await searchGames({ q: term, pageSize: PICKER_LIMIT });
    const progressed = await progressedGameIds(
      userId,
      found.games.map((g) => g.id),
    );
    const games = found.games
      .filter((g) => !progressed.has(g.id))
      .map((g) => ({ gameId: g.id, igdbId: g.igdbId, name: g.name, slug: g.slug, coverUrl: g.coverUrl, year: g.year, rating: null }));
    return ok({ games, hiddenCount: found.games.length - games.length });
  } catch (err) {
    console.error("[lists] picker search failed:", err);
    return fail(500, M.pickerSearchFailed);
  }
}

// ---- Form entry points (routes stay thin) ----

/** POST /api/lists: authenticate, parse, apply. A visitor gets 401 before any input is looked at. */
export async function applyListForm(actor: Actor, fields: Record<string, unknown>): Promise<Result<ListState>> {
  const auth = authorize(actor);
  if (!auth.ok) return auth;
  const parsed = ListActionSchema.safeParse(fields);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.invalidIntent);
  return applyListAction(actor, parsed.data);
}

/** GET /api/picker?mode=&q=&exclude=1,2 */
export function searchPickerParams(actor: Actor, params: URLSearchParams): Promise<Result<PickerResult>> {
  const mode = PICKER_MODES.find((m) => m === params.get("mode")) ?? "collection";
  const exclude = (params.get("exclude") ?? "")
    .split(",")
    .map((s) => parsePositiveId(s))
    .filter((n): n is number => n !== null);
  return searchPicker(actor, mode, params.get("q") ?? "", exclude);
}

import { searchAliasesOf } from "../search/initialisms";
import type { game } from "~/db/schema";
import { igdbCoverUrl, igdbImageUrl, igdbImageUrlFromId } from "~/lib/images";
import { normalizeTitle } from "~/lib/search-text";
import { MAX_IGDB_ID } from "~/lib/slugs";

/** The IGDB game fields igdbGameToRecord reads (requested for every full record). */
export const IGDB_RECORD_FIELDS: readonly string[] = [
  "name",
  "slug",
  "url",
  "summary",
  "storyline",
  "first_release_date",
  "release_dates.date",
  "rating",
  "rating_count",
  "total_rating",
  "total_rating_count",
  "hypes",
  "game_type",
  "parent_game",
  "version_parent",
  "cover.url",
  "cover.image_id",
  "screenshots.url",
  "screenshots.image_id",
  "genres.name",
  "platforms.name",
  "involved_companies.company.name",
  "involved_companies.developer",
  "involved_companies.publisher",
  "alternative_names.name",
  "collections.name",
  "franchise.name",
  "franchises.name",
  "dlcs",
  "expansions",
  "standalone_expansions",
  "similar_games",
  "hypes",
];

/**
 * IGDB game records and their conversion to our game
 * row. Pure: no I/O. IGDB answers references either as ids (`"parent_game": 7346`) or, when the
 * query expands them (`fields cover.url`), as objects (`"cover": {"id": 1, "url": "//…"}`); both are
 * accepted everywhere. Unknown fields are ignored, malformed ones are dropped, never thrown on.
 */

/** Validation texts of the game save. */
export const MISSING_IGDB_ID = "Game data missing valid IGDB ID";
export const GAME_NAME_REQUIRED = "Game name is required";

type Ref<T> = number | (T & { id?: number });

/** An IGDB `games` record as IGDB returns it (every field optional; shape not trusted). */
export interface IgdbGame {
  id: number;
  name?: string;
  slug?: string;
  url?: string;
  summary?: string;
  storyline?: string;
  first_release_date?: number;
  release_dates?: Ref<{ date?: number }>[];
  rating?: number;
  rating_count?: number;
  total_rating?: number;
  total_rating_count?: number;
  follows?: number;
  aggregated_rating?: number;
  /** Replacement of the deprecated `category`; same numeric codes. */
  game_type?: Ref<{ type?: string }>;
  /** Deprecated by IGDB; read when a record still carries it and has no game_type. */
  category?: number;
  parent_game?: Ref<{ name?: string }>;
  version_parent?: Ref<{ name?: string }>;
  cover?: Ref<{ url?: string; image_id?: string }>;
  screenshots?: Ref<{ url?: string; image_id?: string }>[];
  genres?: Ref<{ name?: string }>[];
  platforms?: Ref<{ name?: string; abbreviation?: string }>[];
  involved_companies?: Ref<{ company?: Ref<{ name?: string }>; developer?: boolean; publisher?: boolean }>[];
  alternative_names?: Ref<{ name?: string }>[];
  collection?: Ref<{ name?: string }>;
  collections?: Ref<{ name?: string }>[];
  franchise?: Ref<{ name?: string }>;
  franchises?: Ref<{ name?: string }>[];
  dlcs?: Ref<object>[];
  expansions?: Ref<object>[];
  standalone_expansions?: Ref<object>[];
  similar_games?: Ref<object>[];
  hypes?: number;
  [key: string]: unknown;
}

type GameInsert = typeof game.$inferInsert;

/** Our game row values for one IGDB record (everything but id and slug, which the store assigns). */
export type IgdbGameRecord = Omit<GameInsert, "id" | "slug" | "createdAt" | "updatedAt" | "ratingCount" | "ratingSum" | "viewCount"> & {
  igdbId: number;
  name: string;
  searchName: string;
  platforms: string[];
};

export type IgdbConversion = { ok: true; record: IgdbGameRecord } | { ok: false; error: string };

const MAX_NAME = 300;
const MAX_TEXT = 20_000;
const MAX_LIST = 200;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function validId(v: unknown): number | null {
  return typeof v === "number" && Number.isSafeInteger(v) && v > 0 && v <= MAX_IGDB_ID ? v : null;
}

/** The id of a reference (number or expanded object). */
export function refId(v: unknown): number | null {
  if (isObject(v)) return validId(v.id);
  return validId(v);
}

function refIds(v: unknown): number[] {
  if (!Array.isArray(v)) return [];
  return [...new Set(v.map(refId).filter((x): x is number => x !== null))].slice(0, MAX_LIST);
}

function text(v: unknown, max: number): string | null {
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t === "" ? null : t.slice(0, max);
}

function nameOf(v: unknown): string | null {
  return isObject(v) ? text(v.name, MAX_NAME) : null;
}

function names(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of v) {
    const n = nameOf(item);
    if (n && !seen.has(n.toLowerCase())) {
      seen.add(n.toLowerCase());
      out.push(n);
    }
    if (out.length >= MAX_LIST) break;
  }
  return out;
}

function finiteNumber(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Unix seconds → 'YYYY-MM-DD' (UTC), null when missing or out of range. */
export function unixToDate(seconds: unknown): string | null {
  const s = finiteNumber(seconds);
  if (s === null) return null;
  const d = new Date(s * 1000);
  const year = d.getUTCFullYear();
  if (!Number.isFinite(d.getTime()) || year < 1900 || year > 2200) return null;
  return d.toISOString().slice(0, 10);
}

function imageUrl(v: unknown, size: "t_cover_big" | "t_screenshot_big"): string | null {
  if (!isObject(v)) return null;
  if (typeof v.url === "string" && v.url.trim()) {
    const url = size === "t_cover_big" ? igdbCoverUrl(v.url) : igdbImageUrl(v.url, { size });
    // Protocol-relative non-IGDB URLs still become https.
    return url?.startsWith("//") ? `https:${url}` : url;
  }
  return typeof v.image_id === "string" ? igdbImageUrlFromId(v.image_id, size) : null;
}

function companies(v: unknown, role: "developer" | "publisher"): string | null {
  if (!Array.isArray(v)) return null;
  const found: string[] = [];
  for (const ic of v) {
    if (!isObject(ic) || ic[role] !== true) continue;
    const n = nameOf(ic.company);
    if (n && !found.includes(n)) found.push(n);
  }
  return found.length ? found.join(", ") : null;
}

/** game_type (or the deprecated category) as our category code; 0 when absent. */
export function gameTypeOf(raw: Pick<IgdbGame, "game_type" | "category">): number {
  const t = refId(raw.game_type) ?? (raw.game_type === 0 ? 0 : null);
  if (t !== null) return t;
  const c = raw.category;
  return typeof c === "number" && Number.isSafeInteger(c) && c >= 0 && c <= 32767 ? c : 0;
}

function earliestReleaseDate(raw: IgdbGame): string | null {
  const first = unixToDate(raw.first_release_date);
  if (first) return first;
  if (!Array.isArray(raw.release_dates)) return null;
  const dates = raw.release_dates
    .map((r) => (isObject(r) ? unixToDate(r.date) : null))
    .filter((d): d is string => d !== null)
    .sort();
  return dates[0] ?? null;
}

function rating(v: unknown): number | null {
  const n = finiteNumber(v);
  return n === null || n < 0 || n > 100 ? null : Math.round(n * 100) / 100;
}

function count(v: unknown): number | null {
  const n = finiteNumber(v);
  return n === null || n < 0 ? null : Math.min(Math.floor(n), MAX_IGDB_ID);
}

/**
 * Converts one IGDB record to our row values: cover → https t_cover_big;
 * first_release_date (unix seconds; else the earliest release_dates entry) → date and year; involved
 * companies → developer / publisher (names joined with ', '); alternative names; platforms; genres;
 * dlcs / expansions (with standalone expansions) / similar_games ids; franchise (else the first of
 * franchises) and collection (else the first of collections); game_type → category; parent_game
 * (else version_parent) → parentIgdbId; storyline (else summary) → description; the first
 * screenshot → pic_url. Fails with the spec's texts when the id or the name is missing.
 */
export function igdbGameToRecord(raw: unknown): IgdbConversion {
  if (!isObject(raw)) return { ok: false, error: MISSING_IGDB_ID };
  const igdbId = validId(raw.id);
  if (igdbId === null) return { ok: false, error: MISSING_IGDB_ID };
  const name = text(raw.name, MAX_NAME);
  if (!name) return { ok: false, error: GAME_NAME_REQUIRED };
  const g = raw as IgdbGame;

  const releaseDate = earliestReleaseDate(g);
  const genres = names(g.genres);
  const platforms = names(g.platforms);
  const aliases = names(g.alternative_names).filter((a) => a.toLowerCase() !== name.toLowerCase());
  const screenshots = Array.isArray(g.screenshots)
    ? g.screenshots
        .map((s) => imageUrl(s, "t_screenshot_big"))
        .filter((u): u is string => !!u)
        .slice(0, 50)
    : [];
  const summary = text(g.summary, MAX_TEXT);
  const storyline = text(g.storyline, MAX_TEXT);
  const franchise = nameOf(g.franchise) ?? names(g.franchises)[0] ?? null;
  const collection = nameOf(g.collection) ?? names(g.collections)[0] ?? null;
  const totalRating = rating(g.total_rating) ?? rating(g.rating);
  const ratingCount = totalRating === null ? null : (count(g.total_rating_count) ?? count(g.rating_count));
  const url = text(g.url, 1000);

  return {
    ok: true,
    record: {
      igdbId,
      gameId: String(igdbId),
      name,
      summary,
      description: storyline ?? summary,
      releaseDate,
      releaseYear: releaseDate ? Number(releaseDate.slice(0, 4)) : null,
      coverUrl: imageUrl(g.cover, "t_cover_big"),
      picUrl: screenshots[0] ?? null,
      screenshots,
      genre: genres[0] ?? null,
      genres,
      platforms,
      developer: companies(g.involved_companies, "developer"),
      publisher: companies(g.involved_companies, "publisher"),
      igdbRating: totalRating,
      igdbRatingCount: ratingCount,
      igdbPopularity: (count(g.hypes) ?? 0) + (count(g.follows) ?? 0) || null,
      category: gameTypeOf(g),
      parentIgdbId: refId(g.parent_game) ?? refId(g.version_parent),
      alternativeNames: aliases,
      franchiseName: franchise,
      collectionName: collection,
      dlcIds: refIds(g.dlcs),
      expansionIds: [...new Set([...refIds(g.expansions), ...refIds(g.standalone_expansions)])].slice(0, MAX_LIST),
      similarGameIds: refIds(g.similar_games),
      igdbLink: url && /^https?:\/\//.test(url) ? url : null,
      searchName: normalizeTitle(name),
      searchAliases: searchAliasesOf(name, aliases, g.id),
    },
  };
}

import { z } from "zod";
import { fail, ok, type Result } from "~/lib/result";
import { SORT_FIELDS, type SortField, type SortOrder } from "./search.types";

/**
 * The search parameters, one grammar for the search page (/search, /search-results) and the JSON API
 * (/api/games/search): q, platform (platform id), year, genre (a genre name; `genres`, the header
 * variant's comma-separated list, is read as its first genre), sort (field:order, or a bare field in its
 * natural order; any letter case), page, and for the API limit. The no-JavaScript form sends
 * sortBy and order separately; both are accepted. Shared by the loaders (parse) and the page (build
 * links), so all agree on one canonical URL.
 *
 * Defaults: without a term the sort is name:asc; with a term relevance. Relevance always means best
 * match first, so its order is fixed to desc. The term is trimmed with whitespace collapsed and may
 * hold at most 100 characters. The API answers any bad value with a 400 naming it; the page falls
 * back to the default for a bad filter, sort or page, and says so when the term is too long.
 */

export const SEARCH_PAGE_SIZE = 20;
export const PAGER_MAX_NUMBERS = 5;
export const YEARS_BACK = 50;
export const AUTO_SEARCH_MS = 2000;
export const MAX_TERM_LENGTH = 100;
export const TERM_TOO_LONG = `Search term must be at most ${MAX_TERM_LENGTH} characters`;
/** Browsing counts at most 10,000 games and a search keeps 150, so no page past 10,000 holds a game. */
export const MAX_PAGE = 10_000;
export const MAX_LIMIT = 50;
export const MAX_GENRE_LENGTH = 100;
const MIN_YEAR = 1950;
const MAX_YEAR = 2100;

export interface SearchSort {
  field: SortField;
  order: SortOrder;
}

export interface SearchPageState {
  q: string;
  platform: number | null;
  year: number | null;
  /** A genre name, when the Genre filter is set. */
  genre?: string;
  sort: SearchSort;
  page: number;
  /** Search the words exactly as typed (the "Did you mean" line's other link). */
  exact?: boolean;
  /** Set when the term was longer than the limit (then q holds its first 100 characters). */
  termError?: string;
}

/** What the API reads on top of the page's state. */
export interface SearchApiParams {
  state: SearchPageState;
  /** Page size asked for (1–50), null for the default. */
  limit: number | null;
  /** A sort was given (sort, sortBy or order): without a term the API then browses instead of answering nothing. */
  sortGiven: boolean;
}

export const SORT_BY_OPTIONS: readonly { value: SortField; label: string }[] = [
  { value: "relevance", label: "Relevance" },
  { value: "name", label: "Name" },
  { value: "release_date", label: "Release Date" },
  { value: "rating", label: "Average Rating" },
  { value: "rating_count", label: "Most Reviewed" },
];

export const ORDER_OPTIONS: readonly { value: SortOrder; label: string }[] = [
  { value: "asc", label: "Ascending" },
  { value: "desc", label: "Descending" },
];

export function defaultSort(q: string): SearchSort {
  return q ? { field: "relevance", order: "desc" } : { field: "name", order: "asc" };
}

function sameSort(a: SearchSort, b: SearchSort): boolean {
  return a.field === b.field && a.order === b.order;
}

function isSortField(value: string): value is SortField {
  return (SORT_FIELDS as readonly string[]).includes(value);
}

function isSortOrder(value: string): value is SortOrder {
  return value === "asc" || value === "desc";
}

/** Reads 'field:order' (or a bare field, meaning its natural order); null when unusable. */
export function parseSort(raw: string | null | undefined, q: string): SearchSort | null {
  if (!raw) return null;
  const [fieldRaw = "", orderRaw] = raw.trim().toLowerCase().split(":", 2);
  if (!isSortField(fieldRaw)) return null;
  return normaliseSort({ field: fieldRaw, order: orderRaw && isSortOrder(orderRaw) ? orderRaw : naturalOrder(fieldRaw) }, q);
}

function naturalOrder(field: SortField): SortOrder {
  return field === "name" ? "asc" : "desc";
}

function normaliseSort(sort: SearchSort, q: string): SearchSort {
  if (sort.field === "relevance") return q ? { field: "relevance", order: "desc" } : defaultSort("");
  return sort;
}

function collapse(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim();
}

/** The term as kept in the URL: trimmed, whitespace collapsed, at most 100 characters. */
export function cleanTerm(raw: string | null | undefined): string {
  return collapse(raw).slice(0, MAX_TERM_LENGTH).trim();
}

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be between ${min} and ${max}`).max(max, `${name} must be between ${min} and ${max}`))
    .optional();

const SORT_MESSAGE = `sort must be one of ${SORT_FIELDS.join(", ")}, optionally with :asc or :desc`;
const SORT_PATTERN = new RegExp(`^(${SORT_FIELDS.join("|")})(:(asc|desc))?$`);

export const SearchParamsSchema = z.object({
  q: z.string().transform(collapse).pipe(z.string().max(MAX_TERM_LENGTH, TERM_TOO_LONG)).optional(),
  page: wholeNumber("page", 1, MAX_PAGE),
  limit: wholeNumber("limit", 1, MAX_LIMIT),
  platform: wholeNumber("platform", 1, 2 ** 31 - 1),
  year: wholeNumber("year", MIN_YEAR, MAX_YEAR),
  sort: z.string().trim().toLowerCase().regex(SORT_PATTERN, SORT_MESSAGE).optional(),
  sortBy: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isSortField, `sortBy must be one of ${SORT_FIELDS.join(", ")}`)
    .optional(),
  order: z.string().trim().toLowerCase().refine(isSortOrder, "order must be asc or desc").optional(),
  exact: z.enum(["1"], { message: "exact must be 1" }).optional(),
  genre: z
    .string()
    .transform(collapse)
    .pipe(z.string().max(MAX_GENRE_LENGTH, `genre must be at most ${MAX_GENRE_LENGTH} characters`))
    .optional(),
  genres: z.string().optional(),
});

type RawParams = Partial<Record<keyof z.infer<typeof SearchParamsSchema>, string>>;

function rawParams(params: URLSearchParams): RawParams {
  const out: Record<string, string> = {};
  for (const key of Object.keys(SearchParamsSchema.shape)) {
    const value = params.get(key);
    // An empty field (a form's "Any" option) means "not given".
    if (value !== null && value !== "") out[key] = value;
  }
  return out as RawParams;
}

/** The genre asked for: `genre`, else the first name of the header variant's `genres` list. */
function genreOf(p: z.infer<typeof SearchParamsSchema>): string {
  if (p.genre) return p.genre;
  const first =
    (p.genres ?? "")
      .split(",")
      .map(collapse)
      .find((g) => g !== "") ?? "";
  return first.length <= MAX_GENRE_LENGTH ? first : "";
}

function toState(p: z.infer<typeof SearchParamsSchema>): SearchApiParams {
  const q = p.q ?? "";
  const genre = genreOf(p);
  let sort = parseSort(p.sort, q);
  if (p.sortBy !== undefined || p.order !== undefined) {
    const field = (p.sortBy as SortField | undefined) ?? sort?.field ?? defaultSort(q).field;
    const order = (p.order as SortOrder | undefined) ?? sort?.order ?? naturalOrder(field);
    sort = normaliseSort({ field, order }, q);
  }
  return {
    state: {
      q,
      platform: p.platform ?? null,
      year: p.year ?? null,
      sort: sort ?? defaultSort(q),
      page: p.page ?? 1,
      ...(genre ? { genre } : {}),
      ...(p.exact ? { exact: true } : {}),
    },
    limit: p.limit ?? null,
    sortGiven: sort !== null,
  };
}

/** The API's reading: every bad value is a 400 naming it. */
export function parseSearchApiParams(params: URLSearchParams): Result<SearchApiParams> {
  const parsed = SearchParamsSchema.safeParse(rawParams(params));
  if (!parsed.success) return fail(400, parsed.error.issues.map((i) => i.message).join("; "));
  return ok(toState(parsed.data));
}

/**
 * The page's reading: a bad filter, sort or page falls back to its default; a term over the limit is
 * cut to it and termError says so.
 */
export function parseSearchParams(params: URLSearchParams): SearchPageState {
  const raw = rawParams(params);
  const parsed = SearchParamsSchema.safeParse(raw);
  if (parsed.success) return toState(parsed.data).state;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  const kept = Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key)));
  // 'name:sideways' keeps its field in its natural order.
  const sortField = (raw.sort ?? "").trim().toLowerCase().split(":", 1)[0] ?? "";
  if (bad.has("sort") && isSortField(sortField)) kept.sort = sortField;
  const termTooLong = bad.has("q");
  if (termTooLong) kept.q = cleanTerm(raw.q);
  const state = toState(SearchParamsSchema.parse(kept)).state;
  return termTooLong ? { ...state, termError: TERM_TOO_LONG } : state;
}

/**
 * True when the URL should be redirected to its canonical form: the no-JavaScript form's sortBy/order, or
 * the header variant's `genres` list (canonical: one `genre`).
 */
export function hasFormOnlyParams(params: URLSearchParams): boolean {
  return params.has("sortBy") || params.has("order") || params.has("genres");
}

/** Canonical query string ('' or '?q=...'), leaving out defaults. */
export function searchQueryString(state: Partial<SearchPageState>): string {
  const q = cleanTerm(state.q);
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (state.platform) params.set("platform", String(state.platform));
  if (state.year) params.set("year", String(state.year));
  if (state.genre) params.set("genre", state.genre);
  if (state.sort) {
    const sort = normaliseSort(state.sort, q);
    if (!sameSort(sort, defaultSort(q))) params.set("sort", `${sort.field}:${sort.order}`);
  }
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.exact && q) params.set("exact", "1");
  // ':' is allowed in a query string; keep sort=name:asc readable in shared links.
  const text = params.toString().replace(/%3A/gi, ":");
  return text ? `?${text}` : "";
}

/** Release Year options: this year and the 49 before it, newest first. */
export function yearOptions(now = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: YEARS_BACK }, (_, i) => current - i);
}

/** Sort By options: Relevance only makes sense with a term. */
export function sortByOptions(q: string): readonly { value: SortField; label: string }[] {
  return q ? SORT_BY_OPTIONS : SORT_BY_OPTIONS.filter((o) => o.value !== "relevance");
}

/**
 * Page numbers for the pager: at most `max`, a window around the current page,
 * shifted to stay within 1..totalPages.
 */
export function pagerNumbers(current: number, totalPages: number, max = PAGER_MAX_NUMBERS): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  const width = Math.max(1, Math.floor(max));
  if (total === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const count = Math.min(width, total);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPages(total: number, pageSize = SEARCH_PAGE_SIZE): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0;
}

import { SORT_FIELDS, type SortField, type SortOrder } from "./search.types";

/**
 * URL state of the search page (/search and /search-results, spec 2 §2):
 * q, platform (platform id), year, sort (field:order), page. Shared by the loader
 * (parse) and the page (build links), so both agree on one canonical URL.
 *
 * Defaults: without a term the page sorts by name:asc; with a term by relevance.
 * Relevance always means best match first, so its order is fixed to desc.
 * Bad values fall back to these defaults instead of failing.
 */

export const SEARCH_PAGE_SIZE = 20;
export const PAGER_MAX_NUMBERS = 5;
export const YEARS_BACK = 50;
export const AUTO_SEARCH_MS = 2000;
export const MAX_TERM_LENGTH = 100;
/** Deep pages are useless and expensive (OFFSET); the search function caps results far below this anyway. */
export const MAX_PAGE = 500;
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
  sort: SearchSort;
  page: number;
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

function positiveInt(raw: string | null, max: number): number | null {
  if (raw === null) return null;
  const value = raw.trim();
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
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

/** The term as kept in the URL: trimmed, whitespace collapsed, at most 100 characters. */
export function cleanTerm(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_TERM_LENGTH).trim();
}

/**
 * Parses the page's query string. Also accepts the no-JavaScript form's separate
 * `sortBy` and `order` fields (see `hasFormOnlyParams`).
 */
export function parseSearchParams(params: URLSearchParams): SearchPageState {
  const q = cleanTerm(params.get("q"));
  const platform = positiveInt(params.get("platform"), 2 ** 31 - 1);
  const yearRaw = positiveInt(params.get("year"), MAX_YEAR);
  const year = yearRaw !== null && yearRaw >= MIN_YEAR ? yearRaw : null;
  const page = positiveInt(params.get("page"), MAX_PAGE) ?? 1;
  let sort = parseSort(params.get("sort"), q);
  const sortBy = params.get("sortBy");
  if (sortBy !== null || params.has("order")) {
    const field = sortBy && isSortField(sortBy) ? sortBy : (sort?.field ?? defaultSort(q).field);
    const orderRaw = params.get("order") ?? "";
    const order = isSortOrder(orderRaw) ? orderRaw : (sort?.order ?? naturalOrder(field));
    sort = normaliseSort({ field, order }, q);
  }
  return { q, platform, year, sort: sort ?? defaultSort(q), page };
}

/** True when the URL came from the form without JavaScript and should be redirected to its canonical form. */
export function hasFormOnlyParams(params: URLSearchParams): boolean {
  return params.has("sortBy") || params.has("order");
}

/** Canonical query string ('' or '?q=...'), leaving out defaults. */
export function searchQueryString(state: Partial<SearchPageState>): string {
  const q = cleanTerm(state.q);
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (state.platform) params.set("platform", String(state.platform));
  if (state.year) params.set("year", String(state.year));
  if (state.sort) {
    const sort = normaliseSort(state.sort, q);
    if (!sameSort(sort, defaultSort(q))) params.set("sort", `${sort.field}:${sort.order}`);
  }
  if (state.page && state.page > 1) params.set("page", String(state.page));
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

import { Search, SlidersHorizontal, X } from "~/components/ui/icons";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { PlatformOption } from "~/modules/catalogue/search/platforms.queries.server";
import {
  AUTO_SEARCH_MS,
  MAX_TERM_LENGTH,
  ORDER_OPTIONS,
  cleanTerm,
  searchQueryString,
  sortByOptions,
  yearOptions,
  type SearchPageState,
} from "~/modules/catalogue/search/search-page.schema";
import { rememberSearch } from "./recent-searches";
import { useHydrated } from "~/components/ui/use-hydrated";

const selectClass =
  "h-10 w-full rounded-lg border border-line bg-page px-3 text-sm text-ink focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none disabled:opacity-50";
const labelClass = "mb-1 block text-xs font-semibold tracking-wide text-muted uppercase";

/**
 * The search box and filters. A plain GET form (no JavaScript: the loader redirects its
 * sortBy/order fields to the canonical sort=field:order URL). With JavaScript: auto-search
 * 2 s after typing stops, filters apply on change, the Search button is disabled for an empty term.
 */
export function SearchForm({ state, platforms, genres }: { state: SearchPageState; platforms: PlatformOption[]; genres: string[] }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const id = useId();
  const [term, setTerm] = useState(state.q);
  const [lastQ, setLastQ] = useState(state.q);
  const hydrated = useHydrated();
  const typed = useRef(false);

  // Follow the URL when it changes from elsewhere (back/forward, header search).
  if (lastQ !== state.q) {
    setLastQ(state.q);
    setTerm(state.q);
  }

  const explicitSort = params.has("sort");
  const years = yearOptions();
  if (state.year && !years.includes(state.year)) years.push(state.year);
  // A genre from a link that the list does not hold (yet) stays selectable, so the select shows it.
  const genreOptions = state.genre && !genres.includes(state.genre) ? [...genres, state.genre] : genres;
  const sortOptions = sortByOptions(cleanTerm(term) || state.q);

  type Snapshot = { state: SearchPageState; explicitSort: boolean; pathname: string; term: string };
  const snapshot: Snapshot = { state, explicitSort, pathname, term };
  // The latest render's values, for the auto-search timer (event handlers use their own render's).
  const latest = useRef(snapshot);
  useEffect(() => {
    latest.current = { state, explicitSort, pathname, term };
  });

  function go(next: Partial<SearchPageState>, { replace = false, from = snapshot }: { replace?: boolean; from?: Snapshot } = {}) {
    const merged: Partial<SearchPageState> = {
      // What the box holds: it follows the URL until the user edits it, and an emptied box means no term
      // (the whole catalogue with the filters), not the term still in the URL.
      q: cleanTerm(from.term),
      platform: from.state.platform,
      year: from.state.year,
      genre: from.state.genre,
      // A sort the user chose survives a new term; the default one follows the term (relevance vs name).
      ...(from.explicitSort ? { sort: from.state.sort } : {}),
      ...next,
      page: next.page ?? 1,
    };
    void navigate(from.pathname + searchQueryString(merged), { replace, preventScrollReset: true });
  }

  useEffect(() => {
    if (!typed.current) return;
    const q = cleanTerm(term);
    if (!q || q === state.q) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (q === latest.current.state.q) return;
      rememberSearch("games", q);
      go({ q }, { replace: true, from: latest.current });
    }, AUTO_SEARCH_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- restart the timer only when the text changes
  }, [term]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = cleanTerm(term);
    if (!q) return;
    typed.current = false;
    rememberSearch("games", q);
    go({ q });
  }

  const boxTerm = cleanTerm(term);
  const emptyTerm = boxTerm === "";
  const sortValue = state.sort.field;
  // Clear Filters also applies an edited box (emptied: back to browsing the whole catalogue).
  const hasFilters = state.platform !== null || state.year !== null || Boolean(state.genre) || explicitSort || boxTerm !== state.q;

  return (
    <Form method="get" action={pathname} role="search" onSubmit={onSubmit} className="space-y-4" aria-label="Search games">
      <div className="flex gap-2">
        <div className="relative flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            Search games
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted" />
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            value={term}
            onChange={(e) => {
              typed.current = true;
              setTerm(e.target.value);
            }}
            maxLength={MAX_TERM_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search for a game..."
            className="h-12 w-full rounded-xl border border-line bg-surface pr-10 pl-11 text-base text-ink-strong placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {hydrated && term !== "" && (
            <button
              type="button"
              onClick={() => {
                typed.current = false;
                setTerm("");
              }}
              className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:text-ink-strong"
              aria-label="Clear search text"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        <button
          type="submit"
          disabled={hydrated && emptyTerm}
          className="h-12 rounded-xl bg-accent px-5 font-semibold text-white hover:bg-accent-hover disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-accent"
        >
          Search
        </button>
      </div>

      <fieldset className="rounded-xl border border-line bg-surface/60 p-3 sm:p-4">
        <legend className="sr-only">Filters</legend>
        <div className="mb-2 flex items-center justify-between">
          <p aria-hidden="true" className="flex items-center gap-1.5 text-sm font-semibold text-ink-strong">
            <SlidersHorizontal className="size-4 text-muted" />
            Filters
          </p>
          <Link
            to={pathname + searchQueryString({ q: boxTerm })}
            preventScrollReset
            aria-disabled={!hasFilters}
            tabIndex={hasFilters ? undefined : -1}
            className={`inline-flex h-8 items-center rounded-lg px-2.5 text-sm font-semibold ${
              hasFilters ? "text-accent-strong hover:bg-surface-2" : "pointer-events-none text-muted/60"
            }`}
          >
            Clear Filters
          </Link>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
          <div>
            <label htmlFor={`${id}-platform`} className={labelClass}>
              Platform
            </label>
            <select
              id={`${id}-platform`}
              name="platform"
              value={state.platform ?? ""}
              onChange={(e) => hydrated && go({ platform: e.target.value ? Number(e.target.value) : null })}
              className={selectClass}
            >
              <option value="">All Platforms</option>
              {platforms.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-year`} className={labelClass}>
              Release Year
            </label>
            <select
              id={`${id}-year`}
              name="year"
              value={state.year ?? ""}
              onChange={(e) => hydrated && go({ year: e.target.value ? Number(e.target.value) : null })}
              className={selectClass}
            >
              <option value="">All Years</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-genre`} className={labelClass}>
              Genre
            </label>
            <select
              id={`${id}-genre`}
              name="genre"
              value={state.genre ?? ""}
              onChange={(e) => hydrated && go({ genre: e.target.value || undefined })}
              className={selectClass}
            >
              <option value="">All Genres</option>
              {genreOptions.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className={labelClass}>
              Sort By
            </label>
            <select
              id={`${id}-sort`}
              name="sortBy"
              value={sortValue}
              onChange={(e) => {
                if (!hydrated) return;
                const field = e.target.value as SearchPageState["sort"]["field"];
                go({ sort: { field, order: field === "name" ? "asc" : "desc" } });
              }}
              className={selectClass}
            >
              {sortOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-order`} className={labelClass}>
              Order
            </label>
            <select
              id={`${id}-order`}
              name="order"
              value={state.sort.order}
              disabled={hydrated && sortValue === "relevance"}
              title={sortValue === "relevance" ? "Relevance always lists the best match first" : undefined}
              onChange={(e) => hydrated && go({ sort: { field: state.sort.field, order: e.target.value === "asc" ? "asc" : "desc" } })}
              className={selectClass}
            >
              {ORDER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
    </Form>
  );
}

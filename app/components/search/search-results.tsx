import { LayoutGrid, List, RefreshCw, SearchX, ShieldAlert } from "~/components/ui/icons";
import { Link, useLocation, useRevalidator } from "react-router";
import { searchQueryString, totalPages, type SearchPageState } from "~/modules/catalogue/search/search-page.schema";
import type { SearchResult } from "~/modules/catalogue/search/search.types";
import { GameResultCard, type ResultView } from "./game-result-card";
import { Pager } from "./pager";
import { ResultSkeletons } from "./result-skeletons";
import { SourceBadge } from "./source-badge";
import { useStoredPreference } from "./use-client-state";
import { countLabel } from "~/lib/counts";

const VIEW_KEY = "savepoint.search-view";
const VIEWS = ["grid", "list"] as const;

function Message({
  icon,
  title,
  children,
  alert = false,
}: {
  icon: React.ReactNode;
  title: string;
  children?: React.ReactNode;
  alert?: boolean;
}) {
  return (
    <div
      role={alert ? "alert" : "status"}
      className={`flex flex-col items-center rounded-xl border border-dashed p-10 text-center ${alert ? "border-bad/40 bg-bad/5" : "border-line"}`}
    >
      <div aria-hidden="true" className="mb-3 text-muted">
        {icon}
      </div>
      <p className="font-semibold text-ink-strong">{title}</p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
    </div>
  );
}

export interface SearchResultsProps {
  state: SearchPageState;
  result: SearchResult | null;
  error: string | null;
  loading: boolean;
  hrefFor: (page: number) => string;
}

export function SearchResults({ state, result, error, loading, hrefFor }: SearchResultsProps) {
  // Grid or list, remembered in localStorage. Under 768 px the list is forced by CSS whatever this says.
  const [view, setView] = useStoredPreference<ResultView>(VIEW_KEY, VIEWS, "grid");
  const revalidator = useRevalidator();
  const location = useLocation();
  const refreshing = revalidator.state === "loading";
  const busy = loading || refreshing;

  const toolbar = (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p className="mr-auto text-sm text-muted" aria-live="polite">
        {result && result.games.length > 0 && !busy ? (
          <>
            Showing {(result.page - 1) * result.pageSize + 1}–{(result.page - 1) * result.pageSize + result.games.length} of{" "}
            {countLabel(result.total)}
            {result.totalCapped ? "+" : ""} {result.total === 1 && !result.totalCapped ? "game" : "games"}
          </>
        ) : busy ? (
          "Searching..."
        ) : null}
      </p>
      {result && <SourceBadge source={result.source} />}
      <div role="group" aria-label="Result layout" className="hidden rounded-lg border border-line p-0.5 md:flex">
        {(["grid", "list"] as const).map((v) => {
          const Icon = v === "grid" ? LayoutGrid : List;
          return (
            <button
              key={v}
              type="button"
              onClick={() => setView(v)}
              aria-pressed={view === v}
              aria-label={v === "grid" ? "Grid view" : "List view"}
              className={`grid size-8 place-items-center rounded-md ${view === v ? "bg-surface-2 text-ink-strong" : "text-muted hover:text-ink-strong"}`}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          );
        })}
      </div>
      <Link
        to={location.pathname + location.search}
        replace
        preventScrollReset
        onClick={(e) => {
          e.preventDefault();
          if (!refreshing) void revalidator.revalidate();
        }}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:bg-surface-2"
      >
        <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? "animate-spin" : ""}`} />
        <span className="sr-only sm:not-sr-only">Refresh</span>
      </Link>
    </div>
  );

  let body: React.ReactNode;
  if (loading) {
    body = <ResultSkeletons view={view} />;
  } else if (error) {
    body = (
      <Message alert icon={<SearchX className="size-10" />} title={error}>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          className="mt-3 font-semibold text-accent-strong hover:underline"
        >
          Try Again
        </button>
      </Message>
    );
  } else if (!result) {
    body = null;
  } else if (result.total === 0 && result.filteredCount > 0) {
    body = (
      <Message icon={<ShieldAlert className="size-10" />} title="Search results were filtered for content protection">
        {result.filteredCount} result(s) were filtered out to avoid potentially problematic fan-made content
      </Message>
    );
  } else if (result.games.length === 0) {
    body = (
      <>
        <Message icon={<SearchX className="size-10" />} title="No games found matching your criteria" />
        <Pager page={state.page} totalPages={totalPages(result.total, result.pageSize)} hrefFor={hrefFor} />
      </>
    );
  } else {
    body = (
      <>
        {result.didYouMean ? (
          <p className="mb-3 text-sm text-muted" data-testid="did-you-mean">
            Did you mean{" "}
            <Link
              to={`/search${searchQueryString({ ...state, q: result.didYouMean, page: 1, exact: false })}`}
              className="font-semibold text-accent-strong hover:underline"
            >
              {result.didYouMean}
            </Link>
            ? Showing results for it.{" "}
            <Link to={`/search${searchQueryString({ ...state, page: 1, exact: true })}`} className="text-accent-strong hover:underline">
              Search for “{state.q}” exactly
            </Link>
          </p>
        ) : null}
        {result.totalCapped && state.q ? (
          <p className="mb-3 text-sm text-muted" data-testid="best-matches">
            More games match “{state.q}” than are listed: these are the best matches. Add a word, a platform or a year to narrow the search.
          </p>
        ) : null}
        {result.filteredCount > 0 ? (
          // Some (not all) results were removed by the content filter: the all-removed message's count line.
          <p className="mb-3 flex items-center gap-1.5 text-sm text-muted" data-testid="filtered-note">
            <ShieldAlert aria-hidden="true" className="size-4 shrink-0" />
            {result.filteredCount} result(s) were filtered out to avoid potentially problematic fan-made content
          </p>
        ) : null}
        {result.partialMatch ? (
          <p className="mb-3 text-sm text-muted" data-testid="partial-match">
            No game matches every word; these games match most of them.
          </p>
        ) : null}
        <ul
          className={`grid gap-3 transition-opacity ${refreshing ? "opacity-60" : ""} ${view === "grid" ? "md:grid-cols-4 md:gap-4 lg:grid-cols-5 xl:grid-cols-6" : "lg:grid-cols-2"}`}
          data-view={view}
          data-testid="search-results"
        >
          {result.games.map((hit, i) => (
            <li key={hit.id}>
              <GameResultCard hit={hit} view={view} priority={i < 5} />
            </li>
          ))}
        </ul>
        <Pager page={state.page} totalPages={totalPages(result.total, result.pageSize)} hrefFor={hrefFor} />
      </>
    );
  }

  return (
    <section aria-labelledby="search-results-heading" aria-busy={busy} className="space-y-4">
      {/* Keeps the outline in order: h1 (page), h2 (results), h3 (each game). */}
      <h2 id="search-results-heading" className="sr-only">
        Search results
      </h2>
      {toolbar}
      {body}
    </section>
  );
}

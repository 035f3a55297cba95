import { redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { SearchForm } from "~/components/search/search-form";
import { SearchResults } from "~/components/search/search-results";
import { pageTitle } from "~/lib/meta";
import { hasFormOnlyParams, parseSearchParams, searchQueryString } from "~/modules/catalogue/search/search-page.schema";
import { loadSearchPage } from "~/modules/catalogue/search/search-page.server";
import { PAGE_CACHE } from "~/lib/page-cache";

// Serves both /search and /search-results (route ids "search" and "search-results"): one screen, two addresses.

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

export function meta({ data }: Route.MetaArgs) {
  const q = data?.state.q;
  return [
    { title: pageTitle(q ? `Search: ${q}` : "Browse Games") },
    {
      name: "description",
      content: q
        ? `Games matching "${q}" on Savepoint: ratings, reviews, release years and platforms.`
        : "Browse and search the Savepoint game catalogue by platform, release year, genre and rating.",
    },
  ];
}

/** The header variant's `rating` has no meaning here (decision 022): dropped from the URL. */
const UNSUPPORTED_PARAMS = ["rating"];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const state = parseSearchParams(url.searchParams);
  // The no-JavaScript form sends sortBy/order and the header variant a `genres` list; keep one canonical,
  // shareable URL (sort=field:order, genre=name). `rating`, which the page does not offer, is dropped from
  // the URL rather than silently ignored.
  if (hasFormOnlyParams(url.searchParams) || UNSUPPORTED_PARAMS.some((p) => url.searchParams.has(p)))
    throw redirect(url.pathname + searchQueryString(state));
  return loadSearchPage(state);
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { state, result, error, platforms, genres } = loaderData;
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && (navigation.location.pathname === "/search" || navigation.location.pathname === "/search-results");
  const { pathname } = useLocation();
  const hrefFor = (page: number) => pathname + searchQueryString({ ...state, page });
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 lg:px-6">
      <header>
        <h1 className="text-3xl font-black tracking-tight text-ink-strong">Browse Games</h1>
        {state.q && <p className="mt-1 text-muted">Results for &ldquo;{state.q}&rdquo;</p>}
      </header>
      <SearchForm state={state} platforms={platforms} genres={genres} />
      <SearchResults state={state} result={result} error={error} loading={loading} hrefFor={hrefFor} />
    </div>
  );
}

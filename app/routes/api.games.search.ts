import type { Route } from "./+types/api.games.search";
import { searchApi } from "~/modules/catalogue/catalogue-api.server";
import { PAGE_CACHE } from "~/lib/page-cache";

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

/** GET /api/games/search?q=&limit=&page=&platform=&year=&genre=&sort= (q: at least 2 characters, or none to browse with a filter or sort) */
export async function loader({ request }: Route.LoaderArgs) {
  const result = await searchApi(new URL(request.url).searchParams);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  const { games, total, page, pageSize, source } = result.data;
  return Response.json(
    { games, total, page, pageSize, source },
    // No user data in search results: shared caches may keep them briefly (browser cache 300 s).
    { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=1800" } },
  );
}

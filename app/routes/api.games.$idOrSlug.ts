import type { Route } from "./+types/api.games.$idOrSlug";
import { gameApi } from "~/modules/catalogue/catalogue-api.server";
import { PAGE_CACHE } from "~/lib/page-cache";

/** The same for every signed-out visitor: the page cache may keep it. */
export const handle = PAGE_CACHE;

/** GET /api/games/:idOrSlug — digits (IGDB id), game-{igdbId} or a slug. */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await gameApi(params.idOrSlug);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  return Response.json(result.data, { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" } });
}

import type { Route } from "./+types/api.games.$idOrSlug.related";
import { getRelatedContent } from "~/modules/catalogue/related/related.service.server";

/**
 * GET /api/games/:idOrSlug/related — the game page's related content (Main Game, Additional Content,
 * Mods & Fan Content), fetched by the page after it is shown so IGDB never slows the page itself.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await getRelatedContent(params.idOrSlug);
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  return Response.json(result.data, { headers: { "Cache-Control": "public, max-age=300, stale-while-revalidate=3600" } });
}

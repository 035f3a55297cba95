import type { Route } from "./+types/api.igdb-search";
import { clientIp } from "~/auth/auth-request.server";
import { igdbSearchApi } from "~/modules/catalogue/igdb/igdb-search-api.server";

/** POST /api/igdb-search — the seed's igdb-search function, same answer shape: { success, games, error }. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ success: false, games: [], error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  }
  const result = await igdbSearchApi(await request.text(), clientIp(context) ?? "unknown");
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store", ...result.headers } });
}

export function loader() {
  return Response.json(
    { success: false, games: [], error: "Use POST with a JSON body" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}

import { data } from "react-router";
import type { Route } from "./+types/api.picker";
import { optionalUser } from "~/auth/session.server";
import { searchPickerParams } from "~/modules/lists/lists.service.server";

/** GET /api/picker?mode=top5|collection|wishlist&q=&exclude=1,2 → { games, hiddenCount } (signed-in only). */
export async function loader({ request }: Route.LoaderArgs) {
  const result = await searchPickerParams(await optionalUser(request), new URL(request.url).searchParams);
  const headers = { "Cache-Control": "private, no-store" };
  return result.ok
    ? data({ ok: true as const, ...result.data }, { headers })
    : data({ ok: false as const, error: result.error, games: [], hiddenCount: 0 }, { status: result.status, headers });
}

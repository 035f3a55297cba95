import { data } from "react-router";
import type { Route } from "./+types/api.users.search";
import { currentActor } from "~/access/access.server";
import { searchUsers } from "~/modules/social/discover.service.server";

const MAX_LIMIT = 20;

/** GET /api/users/search?q=&limit= — the header search's Users tab (the Discover Users search). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const limitRaw = Number(url.searchParams.get("limit"));
  const limit = Number.isInteger(limitRaw) && limitRaw >= 1 ? Math.min(limitRaw, MAX_LIMIT) : 8;
  const users = await searchUsers(await currentActor(request), q, limit);
  return data({ users }, { headers: { "Cache-Control": "private, max-age=60" } });
}

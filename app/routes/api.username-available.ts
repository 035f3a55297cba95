import { data } from "react-router";
import type { Route } from "./+types/api.username-available";
import { isUsernameAvailable } from "~/modules/accounts/accounts.service.server";

/** GET /api/username-available?username= → { available } (lowercase lookup, under 3 characters → false). */
export async function loader({ request }: Route.LoaderArgs) {
  const username = new URL(request.url).searchParams.get("username") ?? "";
  const available = username.length <= 64 && (await isUsernameAvailable(username));
  return data({ available }, { headers: { "Cache-Control": "no-store" } });
}

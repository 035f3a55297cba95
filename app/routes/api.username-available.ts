import { data } from "react-router";
import type { Route } from "./+types/api.username-available";
import { isUsernameAvailable } from "~/modules/accounts/accounts.service.server";

/**
 * GET /api/username-available?username= → { available: true } or { available: false, reason, message }:
 * `taken` for a name someone holds (lowercase lookup), `invalid` with the username rule's message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const username = new URL(request.url).searchParams.get("username") ?? "";
  return data(await isUsernameAvailable(username), { headers: { "Cache-Control": "no-store" } });
}

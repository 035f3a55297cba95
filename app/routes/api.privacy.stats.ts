import { data } from "react-router";
import type { Route } from "./+types/api.privacy.stats";
import { optionalUser } from "~/auth/session.server";
import { privacyStatistics } from "~/modules/privacy/privacy.service.server";

/** GET /api/privacy/stats → { total, optedIn, optedOut, anonymousOnly } for operators (is_admin); 403 for everyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  const r = await privacyStatistics(user?.id ?? null);
  if (!r.ok) return data({ error: r.error }, { status: r.status, headers: { "Cache-Control": "no-store" } });
  return data(r.data, { headers: { "Cache-Control": "no-store" } });
}

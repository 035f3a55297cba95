import { data } from "react-router";
import type { Route } from "./+types/api.privacy.stats";
import { currentActor } from "~/access/access.server";
import { privacyStatistics } from "~/modules/privacy/privacy.service.server";

/** GET /api/privacy/stats → { total, optedIn, optedOut, anonymousOnly } for operators (is_admin); 403 for everyone else. */
export async function loader({ request }: Route.LoaderArgs) {
  const r = await privacyStatistics(await currentActor(request));
  if (!r.ok) return data({ error: r.error }, { status: r.status, headers: { "Cache-Control": "no-store" } });
  return data(r.data, { headers: { "Cache-Control": "no-store" } });
}

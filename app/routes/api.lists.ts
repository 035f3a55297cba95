import { data, redirect } from "react-router";
import { readFormObject } from "~/lib/form.server";
import type { Route } from "./+types/api.lists";
import { isTrustedOrigin, optionalUser, safeRedirectTo } from "~/auth/session.server";
import { listErrorCode } from "~/modules/lists/lists.messages";
import { applyListForm } from "~/modules/lists/lists.service.server";

/**
 * POST /api/lists ← intent (mark_started, mark_completed, toggle_wishlist, toggle_collection, add_to_…,
 * remove_from_…, move_to_…, set_priority) + igdbId (+ priority).
 * With format=json (the game-page controls) the answer is { ok, state } or { ok:false, error } with the
 * status; a plain form post (no JavaScript) is sent back to `redirectTo` — to /login first for a visitor,
 * with ?listError= naming a refusal.
 */

const noStore = { "Cache-Control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) return data({ ok: false, error: "Forbidden" }, { status: 403, headers: noStore });
  const fields = await readFormObject(request);
  const result = await applyListForm(await optionalUser(request), fields);
  if (fields.format === "json") {
    return result.ok
      ? data({ ok: true as const, state: result.data }, { headers: noStore })
      : data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
  }
  const back = safeRedirectTo(fields.redirectTo);
  if (result.ok) return redirect(back, 303);
  if (result.status === 401) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
  const url = new URL(back, "http://local");
  url.searchParams.set("listError", listErrorCode(result.error, fields.intent));
  return redirect(url.pathname + url.search, 303);
}

export function loader() {
  return data({ ok: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

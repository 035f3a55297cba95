import { data, redirect } from "react-router";
import type { Route } from "./+types/api.users.$id.follow";
import { currentActor } from "~/access/access.server";
import { isTrustedOrigin, safeRedirectTo } from "~/auth/session.server";
import { readFormObject } from "~/lib/form.server";
import { FOLLOW_MESSAGES as M, parseFollowIntent, parseUserId, setFollow } from "~/modules/social/follow.service.server";

/**
 * POST /api/users/:id/follow ← intent (follow | unfollow), optional redirectTo and format.
 * With format=json (the Follow button's fetcher) the answer is { ok, following } or { ok:false, error }
 * with the status; a plain form post (no JavaScript) goes back to `redirectTo` with a 303 — to /login
 * first for a visitor. An unexpected failure is { ok:false, error: 'An unexpected error occurred' } (500).
 */

const noStore = { "Cache-Control": "no-store" };

export async function action({ request, params }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) return data({ ok: false as const, error: "Forbidden" }, { status: 403, headers: noStore });
  const fields = await readFormObject(request);
  const targetId = parseUserId(params.id);
  if (targetId === null) return data({ ok: false as const, error: M.invalidUser }, { status: 400, headers: noStore });
  const intent = parseFollowIntent(fields.intent);
  if (!intent) return data({ ok: false as const, error: M.invalidIntent }, { status: 400, headers: noStore });

  let result: Awaited<ReturnType<typeof setFollow>>;
  try {
    result = await setFollow(await currentActor(request), targetId, intent);
  } catch (err) {
    // Not a refusal the service knows: still a clear answer for the button, never a bare error page.
    console.error("[follow] unexpected failure:", err);
    return data({ ok: false as const, error: M.unexpected }, { status: 500, headers: noStore });
  }
  if (fields.format === "json") {
    return result.ok
      ? data({ ok: true as const, following: result.data.following }, { headers: noStore })
      : data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
  }
  const back = safeRedirectTo(fields.redirectTo, `/user/${targetId}`);
  if (result.ok) return redirect(back, 303);
  if (result.status === 401) return redirect(`/login?redirectTo=${encodeURIComponent(back)}`, 303);
  return data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
}

export function loader() {
  return data({ ok: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

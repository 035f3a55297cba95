import { data } from "react-router";
import type { Route } from "./+types/api.reviews.$id.like";
import { currentActor } from "~/access/access.server";
import { isTrustedOrigin } from "~/auth/session.server";
import { readFormObject } from "~/lib/form.server";
import { toggleReviewLike } from "~/modules/social/social.service.server";
import { socialResponse } from "~/modules/social/social.http.server";

/** POST /api/reviews/:id/like: like or unlike (format=json for fetchers; else 303 back to redirectTo). */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) return data({ ok: false, error: "Forbidden" }, { status: 403 });
  const fields = await readFormObject(request);
  return socialResponse(await toggleReviewLike(await currentActor(request), params.id), fields, "/");
}

export function loader() {
  return data({ ok: false, error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

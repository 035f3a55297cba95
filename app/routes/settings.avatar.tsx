import { data, redirect } from "react-router";
import type { Route } from "./+types/settings.avatar";
import { currentActor, requireUser } from "~/access/access.server";
import { isTrustedOrigin } from "~/auth/session.server";
import { readForm } from "~/lib/form.server";
import { removeAvatar, saveAvatar } from "~/modules/profile/profile-edit.server";

/**
 * POST /settings/avatar: the owner's new avatar (multipart, field `avatar`), or with intent=remove, no
 * avatar any more. GET shows the edit page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await currentActor(request);
  throw redirect("/settings/profile");
}

export async function action({ request }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data({ ok: false, error: "Forbidden" }, { status: 403 });
  const actor = await requireUser(request);
  const form = await readForm(request);
  const removing = form.get("intent") === "remove";
  const r = removing ? await removeAvatar(actor) : await saveAvatar(actor, form.get("avatar"));
  if (!r.ok) return data({ ok: false as const, error: r.error }, { status: r.status });
  // Without JavaScript the browser lands back on the edit page; with it, the page's fetcher gets the data.
  if (!request.headers.get("accept")?.includes("application/json") && new URL(request.url).searchParams.get("redirect") === "1")
    throw redirect(`/settings/profile?avatar=${removing ? "removed" : "updated"}`);
  return { ok: true as const, avatarUrl: r.data.avatarUrl, removed: removing };
}

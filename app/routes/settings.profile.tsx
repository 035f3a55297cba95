import { useEffect } from "react";
import { data, Form, isRouteErrorResponse, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/settings.profile";
import { requireUser } from "~/access/access.server";
import { isTrustedOrigin } from "~/auth/session.server";
import { Avatar } from "~/components/ui/avatar";
import { readForm } from "~/lib/form.server";
import { pageTitle } from "~/lib/meta";
import { getEditableProfile, updateProfile } from "~/modules/profile/profile-edit.server";
import { AVATAR_MESSAGES, BIO_MAX, PLATFORM_CHOICES, PROFILE_EDIT_MESSAGES } from "~/modules/profile/profile.schema";

export function meta() {
  return [{ title: pageTitle("Edit Profile") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireUser(request);
  const r = await getEditableProfile(actor);
  if (!r.ok) throw data({ message: r.error }, { status: r.status });
  const avatarDone = new URL(request.url).searchParams.get("avatar");
  return { profile: r.data, userId: actor.id, avatarUpdated: avatarDone === "updated", avatarRemoved: avatarDone === "removed" };
}

export async function action({ request }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data({ ok: false, error: "Forbidden" }, { status: 403 });
  const actor = await requireUser(request);
  const r = await updateProfile(actor, await readForm(request));
  if (!r.ok) return data({ ok: false as const, error: r.error, errors: r.fieldErrors ?? {} }, { status: r.status });
  return { ok: true as const, error: null, errors: {} as Record<string, string> };
}

/** A save that never reached the server keeps the page and what was typed, and says so. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (err) {
    if (err instanceof Response || isRouteErrorResponse(err)) throw err;
    return { ok: false as const, error: PROFILE_EDIT_MESSAGES.notSent, errors: {} as Record<string, string> };
  }
}

const input =
  "mt-1 w-full rounded-lg border border-line bg-page px-3 py-2 text-ink focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none";

function Field({ label, name, error, children }: { label: string; name: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={name} className="text-sm font-semibold text-ink-strong">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-bad">
          {error}
        </p>
      )}
    </div>
  );
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, userId } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const saving = useNavigation().state === "submitting";
  const avatar = useFetcher<{ ok: boolean; error?: string; avatarUrl?: string | null; removed?: boolean }>();
  const revalidator = useRevalidator();
  const saved = actionData?.ok === true;
  // The profile (and the header's avatar) reload shortly after a save.
  useEffect(() => {
    if (!saved && !avatar.data?.ok) return;
    const t = setTimeout(() => void revalidator.revalidate(), 100);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, avatar.data]);
  const custom = profile.platforms.filter((p) => !(PLATFORM_CHOICES as readonly string[]).includes(p)).join(", ");
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-ink-strong">Edit Profile</h1>
      <section className="mt-6 flex items-center gap-4 rounded-xl border border-line bg-surface p-4" aria-label="Avatar">
        <Avatar name={profile.name || profile.username} url={profile.avatarUrl} size={72} className="ring-2 ring-line" />
        <avatar.Form
          method="post"
          action="/settings/avatar?redirect=1"
          encType="multipart/form-data"
          className="flex min-w-0 flex-1 flex-wrap items-center gap-3"
        >
          <label className="min-w-0 max-w-full text-sm text-ink">
            <span className="sr-only">Avatar image</span>
            <input
              type="file"
              name="avatar"
              accept="image/jpeg,image/png,image/webp,image/gif"
              required
              className="block w-full max-w-full min-w-0 text-sm text-muted file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-2 file:font-semibold file:text-ink"
            />
          </label>
          <button
            type="submit"
            className="min-h-10 rounded-lg bg-accent px-3 py-2 text-sm font-semibold text-white hover:bg-accent-hover disabled:opacity-60"
            disabled={avatar.state !== "idle"}
          >
            {avatar.state !== "idle" ? "Uploading..." : "Upload avatar"}
          </button>
          {profile.avatarUrl && (
            <button
              type="submit"
              name="intent"
              value="remove"
              formNoValidate
              className="min-h-10 rounded-lg border border-line px-3 py-2 text-sm font-semibold text-ink hover:bg-surface-2 disabled:opacity-60"
              disabled={avatar.state !== "idle"}
            >
              Remove avatar
            </button>
          )}
          <p className="w-full text-xs text-muted">JPEG, PNG, WebP or GIF, up to 5 MB.</p>
          {avatar.data?.error && (
            <p role="alert" className="w-full text-sm text-bad">
              {avatar.data.error}
            </p>
          )}
          {(avatar.data?.ok || loaderData.avatarUpdated || loaderData.avatarRemoved) && (
            <p role="status" className="w-full text-sm text-good">
              {avatar.data?.removed || (!avatar.data && loaderData.avatarRemoved) ? AVATAR_MESSAGES.removed : AVATAR_MESSAGES.saved}
            </p>
          )}
        </avatar.Form>
      </section>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        {saved && (
          <p role="status" className="rounded-lg border border-line bg-surface p-3 text-good">
            {PROFILE_EDIT_MESSAGES.saved} — <Link to={`/user/${userId}`}>view your profile</Link>
          </p>
        )}
        {actionData && !actionData.ok && !Object.keys(errors).length && (
          <p role="alert" className="text-bad">
            {actionData.error}
          </p>
        )}
        <Field label="Username" name="username" error={errors.username}>
          <input id="username" name="username" defaultValue={profile.username} className={input} autoComplete="username" maxLength={21} />
        </Field>
        <Field label="Name" name="name" error={errors.name}>
          <input id="name" name="name" defaultValue={profile.name} className={input} maxLength={50} />
        </Field>
        <Field label="Bio" name="bio" error={errors.bio}>
          <textarea id="bio" name="bio" defaultValue={profile.bio} rows={4} maxLength={BIO_MAX} className={input} />
        </Field>
        <Field label="Location" name="location" error={errors.location}>
          <input id="location" name="location" defaultValue={profile.location} className={input} maxLength={100} />
        </Field>
        <Field label="Website" name="website" error={errors.website}>
          <input
            id="website"
            name="website"
            type="url"
            defaultValue={profile.website}
            placeholder="https://"
            className={input}
            maxLength={200}
          />
        </Field>
        <fieldset>
          <legend className="text-sm font-semibold text-ink-strong">Platforms</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {PLATFORM_CHOICES.map((p) => (
              <label key={p} className="inline-flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" name="platforms" value={p} defaultChecked={profile.platforms.includes(p)} />
                {p}
              </label>
            ))}
          </div>
          <input
            name="platforms"
            aria-label="Other platforms (comma-separated)"
            placeholder="Other platforms, comma-separated"
            defaultValue={custom}
            className={input}
          />
          {errors.platforms && (
            <p role="alert" className="mt-1 text-sm text-bad">
              {errors.platforms}
            </p>
          )}
        </fieldset>
        <div className="flex gap-3">
          <button type="submit" disabled={saving} className="rounded-lg bg-accent px-4 py-2 font-semibold text-white">
            {saving ? "Saving..." : "Save Profile"}
          </button>
          <Link to={`/user/${userId}`} className="rounded-lg border border-line px-4 py-2 text-ink">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

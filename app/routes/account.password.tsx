import { readFormObject } from "~/lib/form.server";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/account.password";
import { requireUser } from "~/access/access.server";
import {
  AuthCard,
  FormBanner,
  NewPasswordFields,
  PasswordField,
  primaryButtonClass,
  secondaryButtonClass,
  useBusy,
} from "~/components/auth/auth-ui";
import { isTrustedOrigin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { ChangePasswordForm, fieldErrors } from "~/modules/accounts/accounts.schema";
import { changePassword } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Change Password") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { username: user.username ?? user.name };
}

type ActionResult = { done: string | null; error: string | null; errors: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  await requireUser(request);
  const form = await readFormObject(request);
  const parsed = ChangePasswordForm.safeParse(form);
  if (!parsed.success) return data<ActionResult>({ done: null, error: null, errors: fieldErrors(parsed.error) }, { status: 400 });
  const r = await changePassword(request, context, parsed.data);
  if (!r.ok)
    return data<ActionResult>({ done: null, error: r.fieldErrors ? null : r.error, errors: r.fieldErrors ?? {} }, { status: r.status });
  // The change ended every session, this one too: the fresh cookie keeps this browser signed in.
  const headers = new Headers();
  for (const c of r.data.setCookies) headers.append("set-cookie", c);
  return data<ActionResult>({ done: r.data.message, error: null, errors: {} }, { headers });
}

export default function ChangePasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy("/account/password");
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  if (actionData?.done) {
    return (
      <AuthCard title="Password Changed">
        <FormBanner tone="success">{actionData.done}</FormBanner>
        <Link to="/" className={`${primaryButtonClass} mt-2 w-full`}>
          Back to Home
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Change Password" subtitle={`Signed in as ${loaderData.username}`}>
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <Form method="post" action="/account/password" noValidate>
        <fieldset disabled={busy} className="space-y-4">
          <PasswordField name="currentPassword" label="Current Password" autoComplete="current-password" error={errors.currentPassword} />
          <NewPasswordFields name="newPassword" label="New Password" confirmLabel="Confirm New Password" errors={errors} />
          <p className="text-sm text-muted">Changing your password signs you out on every other device.</p>
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Updating Password..." : "Change Password"}
          </button>
        </fieldset>
      </Form>
      <Link to="/" className={`${secondaryButtonClass} mt-3 w-full`}>
        Cancel
      </Link>
    </AuthCard>
  );
}

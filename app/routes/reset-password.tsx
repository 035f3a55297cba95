import { CheckCircle2 } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/reset-password";
import { readFormObject } from "~/lib/form.server";
import {
  AuthCard,
  FormBanner,
  NewPasswordFields,
  primaryButtonClass,
  secondaryButtonClass,
  useBusy,
  useHydrated,
} from "~/components/auth/auth-ui";
import { cookieHeaders } from "~/auth/auth-request.server";
import { isTrustedOrigin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { fieldErrors, NewPasswordForm } from "~/modules/accounts/accounts.schema";
import { checkResetToken, resetPassword } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [
    { title: pageTitle("Reset Your Password") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const state = await checkResetToken(token);
  return { token: state.valid ? token : null, error: state.valid ? null : state.error };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = await readFormObject(request);
  const token = typeof form.token === "string" ? form.token : "";
  const parsed = NewPasswordForm.safeParse(form);
  if (!parsed.success) return data({ done: false, error: null, errors: fieldErrors(parsed.error) }, { status: 400 });
  const r = await resetPassword(request, context, token, parsed.data.newPassword);
  if (!r.ok) return data({ done: false, error: r.fieldErrors ? null : r.error, errors: r.fieldErrors ?? {} }, { status: r.status });
  // Finishing a sign-up: the address is verified now and the user is signed in.
  if (r.data.setCookies.length > 0) throw redirect("/", { headers: cookieHeaders(r.data) });
  return { done: true, error: null, errors: {} };
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy("/reset-password");
  if (actionData?.done) return <PasswordUpdated />;
  const error = actionData?.error ?? loaderData.error;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const linkValid = loaderData.token !== null;
  return (
    <AuthCard title="Reset Your Password">
      {error ? <FormBanner tone="error">{error}</FormBanner> : null}
      <Form method="post" action={`/reset-password?token=${encodeURIComponent(loaderData.token ?? "")}`} noValidate>
        <input type="hidden" name="token" value={loaderData.token ?? ""} />
        <fieldset disabled={busy || !linkValid} className="space-y-4">
          <NewPasswordFields name="newPassword" label="New Password" confirmLabel="Confirm New Password" errors={errors} />
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Updating Password..." : "Update Password"}
          </button>
        </fieldset>
      </Form>
      {/* Stacked: side by side, 'Request Password Reset' does not fit half the card. */}
      <div className="mt-6 flex flex-col gap-3">
        {error ? (
          <Link to="/?auth=reset" className={primaryButtonClass}>
            Request Password Reset
          </Link>
        ) : null}
        <Link to="/" className={secondaryButtonClass}>
          Back to Home
        </Link>
      </div>
    </AuthCard>
  );
}

function PasswordUpdated() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    const t = setTimeout(() => void navigate("/"), 3000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <AuthCard title="Password Updated!">
      {hydrated ? null : <meta httpEquiv="refresh" content="3;url=/" />}
      <div className="flex flex-col items-center text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-400" />
        <p className="mt-4 text-ink" role="status">
          Your password has been successfully updated. You will be redirected to the login page shortly.
        </p>
      </div>
    </AuthCard>
  );
}

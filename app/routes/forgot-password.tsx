import { data, Form, Link } from "react-router";
import type { Route } from "./+types/forgot-password";
import { readFormObject } from "~/lib/form.server";
import { AuthCard, EmailField, FormBanner, primaryButtonClass, useBusy } from "~/components/auth/auth-ui";
import { isTrustedOrigin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { fieldErrors, ResetRequestForm } from "~/modules/accounts/accounts.schema";
import { MESSAGES } from "~/modules/accounts/accounts.messages";
import { requestPasswordReset } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Reset Password") }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = await readFormObject(request);
  const email = typeof form.email === "string" ? form.email : "";
  const parsed = ResetRequestForm.safeParse(form);
  if (!parsed.success) return data({ sent: null, error: null, errors: fieldErrors(parsed.error), email }, { status: 400 });
  // The same answer whether or not the address has an account.
  const r = await requestPasswordReset(request, context, parsed.data.email);
  if (!r.ok) return data({ sent: null, error: r.error, errors: {}, email }, { status: r.status });
  return { sent: r.data.message, error: null, errors: {}, email };
}

/** With JavaScript: a network failure or an unexpected error becomes the spec's banner instead of the error screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { sent: null, error: MESSAGES.resetFailed, errors: {}, email: "" };
  }
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  const busy = useBusy("/forgot-password");
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AuthCard title="Reset your password" subtitle="Enter your email and we'll send you a link to choose a new password.">
      {actionData?.sent ? <FormBanner tone="success">{actionData.sent}</FormBanner> : null}
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <Form method="post" action="/forgot-password" noValidate>
        <fieldset disabled={busy} className="space-y-4">
          <EmailField defaultValue={actionData?.email} error={errors.email} />
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Sending Reset Email..." : "Send Reset Email"}
          </button>
        </fieldset>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{" "}
        <Link to="/login" className="font-medium text-accent-strong hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}

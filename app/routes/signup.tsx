import { MailCheck } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/signup";
import { readFormObject } from "~/lib/form.server";
import {
  AuthCard,
  EmailField,
  FormBanner,
  NewPasswordFields,
  primaryButtonClass,
  useBusy,
  useFieldErrors,
  UsernameField,
} from "~/components/auth/auth-ui";
import { isTrustedOrigin, optionalUser, safeRedirectTo } from "~/auth/session.server";
import { cookieHeaders } from "~/auth/auth-request.server";
import { oauthProviders } from "~/auth/providers.server";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import type { OAuthProviderInfo } from "~/auth/oauth";
import { pageTitle } from "~/lib/meta";
import { emailField, fieldErrors, SignupForm } from "~/modules/accounts/accounts.schema";
import { MESSAGES } from "~/modules/accounts/accounts.messages";
import { resendVerification, signUp } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Sign Up") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  // Already signed in: back where they came from (a same-site path only), as /login does.
  if (await optionalUser(request)) throw redirect(safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")));
  return { providers: oauthProviders() };
}

type ActionResult =
  | { step: "form"; error: string | null; errors: Record<string, string>; values: { username: string; email: string } }
  | { step: "sent"; email: string; resent: string | null; error: string | null };

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = await readFormObject(request);
  if (form.intent === "resend") {
    const email = emailField.safeParse(form.email);
    if (!email.success)
      return data<ActionResult>({ step: "sent", email: "", resent: null, error: "Failed to resend verification email." }, { status: 400 });
    const r = await resendVerification(request, context, email.data);
    return data<ActionResult>(
      { step: "sent", email: email.data, resent: r.ok ? r.data.message : null, error: r.ok ? null : r.error },
      { status: r.ok ? 200 : r.status },
    );
  }
  const values = { username: String(form.username ?? ""), email: String(form.email ?? "") };
  const parsed = SignupForm.safeParse(form);
  if (!parsed.success) return data<ActionResult>({ step: "form", error: null, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const r = await signUp(request, context, parsed.data);
  if (!r.ok)
    return data<ActionResult>(
      { step: "form", error: r.fieldErrors ? null : r.error, errors: r.fieldErrors ?? {}, values },
      { status: r.status },
    );
  // The sign-up's mark on this browser (the verification link signs in here): pending-sign-up.server.ts.
  return data<ActionResult>({ step: "sent", email: r.data.email, resent: null, error: null }, { headers: cookieHeaders(r.data) });
}

/**
 * With JavaScript: a network failure or an unexpected error becomes the spec's
 * banner instead of the error screen (sign-up: 'Signup failed...', resend: 'Failed to resend...').
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (intent === "resend")
      return { step: "sent", email: "", resent: null, error: `${MESSAGES.resendFailed} Please try again.` } satisfies ActionResult;
    return { step: "form", error: MESSAGES.signupFailed, errors: {}, values: { username: "", email: "" } } satisfies ActionResult;
  }
}

export default function SignupRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.step === "sent") return <CheckEmail result={actionData} />;
  return <SignupFormView result={actionData?.step === "form" ? actionData : undefined} providers={loaderData.providers} />;
}

function SignupFormView({ result, providers }: { result?: Extract<ActionResult, { step: "form" }>; providers: OAuthProviderInfo[] }) {
  const busy = useBusy("/signup");
  const { errors, onChange } = useFieldErrors(result?.errors);
  return (
    <AuthCard title="Create your account">
      {result?.error ? <FormBanner tone="error">{result.error}</FormBanner> : null}
      <Form method="post" action="/signup" noValidate onChange={onChange}>
        <input type="hidden" name="intent" value="signup" />
        <fieldset disabled={busy} className="space-y-4">
          <UsernameField defaultValue={result?.values.username} error={errors.username} />
          <EmailField defaultValue={result?.values.email} error={errors.email} />
          <NewPasswordFields name="password" label="Password" confirmLabel="Confirm Password" errors={errors} />
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="checkbox"
                name="agreeToTerms"
                className="mt-0.5 size-4 rounded border-line accent-accent"
                aria-invalid={errors.agreeToTerms ? true : undefined}
              />
              <span>
                I agree to the{" "}
                <Link to="/terms" className="font-medium text-accent-strong hover:underline">
                  Terms of Service
                </Link>{" "}
                and{" "}
                <Link to="/privacy" className="font-medium text-accent-strong hover:underline">
                  Privacy Policy
                </Link>
              </span>
            </label>
            {errors.agreeToTerms ? <p className="text-sm text-red-400">{errors.agreeToTerms}</p> : null}
          </div>
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Creating Account..." : "Create Account"}
          </button>
        </fieldset>
      </Form>
      <OAuthButtons providers={providers} />
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-accent-strong hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

/** The 'Check Your Email!' panel with resend and 'Got it!'. */
function CheckEmail({ result }: { result: Extract<ActionResult, { step: "sent" }> }) {
  const { email, resent, error } = result;
  const busy = useBusy("/signup");
  // The resend banner goes away after 3 s; each new answer shows it again.
  const [dismissed, setDismissed] = useState<object | null>(null);
  useEffect(() => {
    if (!resent) return;
    const t = setTimeout(() => setDismissed(result), 3000);
    return () => clearTimeout(t);
  }, [result, resent]);
  const banner = resent && dismissed !== result ? resent : null;
  return (
    <AuthCard title="Check Your Email!">
      <div className="flex flex-col items-center text-center">
        <MailCheck aria-hidden="true" className="size-12 text-accent-strong" />
        <p className="mt-4 text-ink">
          We&apos;ve sent a confirmation link to <span className="font-semibold text-ink-strong">{email}</span>.
        </p>
        <p className="mt-2 text-sm text-muted">{MESSAGES.checkEmailNext}</p>
      </div>
      <div className="mt-6">
        {banner ? <FormBanner tone="success">{banner}</FormBanner> : null}
        {error ? <FormBanner tone="error">{error}</FormBanner> : null}
      </div>
      <Form method="post" action="/signup" className="text-center text-sm text-muted">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        Didn&apos;t get it?{" "}
        <button type="submit" disabled={busy} className="font-medium text-accent-strong hover:underline disabled:opacity-60">
          {busy ? "Sending..." : "Resend verification email"}
        </button>
      </Form>
      <Link to="/" className={`${primaryButtonClass} mt-6`}>
        Got it!
      </Link>
    </AuthCard>
  );
}

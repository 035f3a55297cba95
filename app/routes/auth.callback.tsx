import { CheckCircle2, Loader2, XCircle } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useNavigate, useSubmit } from "react-router";
import type { Route } from "./+types/auth.callback";
import { readForm } from "~/lib/form.server";
import { AuthCard, inputClass, primaryButtonClass, secondaryButtonClass, useBusy, useHydrated } from "~/components/auth/auth-ui";
import { isTrustedOrigin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { MESSAGES } from "~/modules/accounts/accounts.messages";
import { verifyEmail } from "~/modules/accounts/accounts.service.server";

/**
 * The e-mail verification page. Opening the link
 * does not change anything by itself (mail scanners prefetch links): the page
 * posts the token back at once with JavaScript, or with its button without.
 */

export function meta() {
  return [{ title: pageTitle("Email Verification") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token: token && token.length <= 4096 ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = await readForm(request);
  const token = form.get("token");
  const r = await verifyEmail(request, context, typeof token === "string" && token !== "" ? token : null);
  if (!r.ok) return data({ ok: false as const, error: r.error }, { status: r.status });
  // Another account's link opened while signed in: verified, and this browser stays who it was.
  if (r.data.keptSession) return { ok: true as const, error: null };
  // Verified, but this browser did not sign up for it: the password, not the link, signs in here.
  if (r.data.signInNeeded) return { ok: true as const, error: null, signInNeeded: true as const };
  // A link used before verifies nothing new and signs no one in: say so rather than "Redirecting...".
  if (!r.data.setCookies.some(startsSession)) return { ok: true as const, error: null, alreadyVerified: true as const };
  const headers = new Headers();
  for (const c of r.data.setCookies) headers.append("set-cookie", c);
  return data({ ok: true as const, error: null }, { headers });
}

/** A Set-Cookie line that carries a session (not one that clears it). */
function startsSession(setCookie: string): boolean {
  return /^(__Secure-)?[\w.-]*session_token=[^;]/.test(setCookie);
}

export default function AuthCallbackRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok && "alreadyVerified" in actionData) return <AlreadyVerified />;
  if (actionData?.ok && "signInNeeded" in actionData) return <VerifiedSignIn />;
  if (actionData?.ok) return <Verified />;
  if (actionData) return <Failed message={actionData.error} />;
  if (!loaderData.token) return <Failed message={MESSAGES.verificationNoToken} />;
  return <Verifying token={loaderData.token} />;
}

function Verifying({ token }: { token: string }) {
  const submit = useSubmit();
  const busy = useBusy("/auth/callback");
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void submit({ token }, { method: "post", action: "/auth/callback", replace: true });
  }, [submit, token]);
  const hydrated = useHydrated();
  return (
    <AuthCard title="Verifying your email...">
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <Loader2 aria-hidden="true" className="size-10 animate-spin text-accent-strong motion-reduce:animate-none" />
        {hydrated ? null : (
          <Form method="post" action="/auth/callback" className="w-full">
            <input type="hidden" name="token" value={token} />
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              Verify my email
            </button>
          </Form>
        )}
      </div>
    </AuthCard>
  );
}

function Verified() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    const t = setTimeout(() => void navigate("/", { replace: true }), 2000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <AuthCard title="Email Verified Successfully!">
      {hydrated ? null : <meta httpEquiv="refresh" content="2;url=/" />}
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-400" />
        <p className="text-ink">Welcome to Savepoint! Redirecting you to the homepage...</p>
      </div>
    </AuthCard>
  );
}

/** The link was opened in another browser than the sign-up's: verified, and the password signs in. */
function VerifiedSignIn() {
  return (
    <SignInPanel title="Email Verified Successfully!" secondary={{ to: "/forgot-password", label: "Forgot password?" }}>
      <p className="text-ink">Welcome to Savepoint! Your email address is verified. Sign in with your password to continue.</p>
      <p className="text-sm text-muted">
        Did not create this account yourself? Choose your own password with &apos;Forgot password?&apos;: that signs everyone else out.
      </p>
    </SignInPanel>
  );
}

function AlreadyVerified() {
  return (
    <SignInPanel title="Email Already Verified" secondary={{ to: "/", label: "Return to Home" }}>
      <p className="text-ink">This link has been used already: your email address is verified. Sign in to continue.</p>
    </SignInPanel>
  );
}

/** A verified address that this browser is not signed in with: what happened, then Sign In and one other way on. */
function SignInPanel({ title, secondary, children }: { title: string; secondary: { to: string; label: string }; children: ReactNode }) {
  return (
    <AuthCard title={title}>
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <CheckCircle2 aria-hidden="true" className="size-12 text-emerald-400" />
        {children}
      </div>
      <Link to="/login" className={`${primaryButtonClass} mt-6`}>
        Sign In
      </Link>
      <Link to={secondary.to} className={`${secondaryButtonClass} mt-3 w-full`}>
        {secondary.label}
      </Link>
    </AuthCard>
  );
}

/** A second line under the spec's bare 'Email verification failed': what may be wrong with the link. */
function explanation(message: string): string | null {
  if (message === MESSAGES.verificationFailed)
    return "This verification link is not valid. It may be incomplete (copy the whole link from the email) or replaced by a newer one.";
  return null;
}

function Failed({ message }: { message: string }) {
  const canResend = message.includes("expired") || message === MESSAGES.verificationFailed;
  return (
    <AuthCard title="Email Verification Failed">
      <div className="flex flex-col items-center gap-4 text-center">
        <XCircle aria-hidden="true" className="size-12 text-red-400" />
        <div role="alert" className="space-y-1">
          <p className="text-ink">{message}</p>
          {explanation(message) ? <p className="text-sm text-muted">{explanation(message)}</p> : null}
        </div>
      </div>
      {canResend ? (
        <ul className="mt-6 list-disc space-y-1 pl-5 text-sm text-muted">
          <li>
            Go back to{" "}
            <Link to="/signup" className="font-medium text-accent-strong hover:underline">
              sign up
            </Link>{" "}
            and use &apos;Resend verification email&apos; to get a new link.
          </li>
          <li>Check your email (and the spam folder) for the newest link.</li>
          <li>
            Already verified?{" "}
            <Link to="/login" className="font-medium text-accent-strong hover:underline">
              Sign in
            </Link>
            .
          </li>
        </ul>
      ) : null}
      {canResend ? (
        <Form method="post" action="/signup" className="mt-4 flex flex-col gap-2 sm:flex-row">
          <input type="hidden" name="intent" value="resend" />
          <label htmlFor="resend-email" className="sr-only">
            Email
          </label>
          <input
            id="resend-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            className={inputClass}
          />
          <button type="submit" className={`${secondaryButtonClass} shrink-0`}>
            Resend verification email
          </button>
        </Form>
      ) : null}
      <Link to="/" className={`${primaryButtonClass} mt-6`}>
        Return to Home
      </Link>
    </AuthCard>
  );
}

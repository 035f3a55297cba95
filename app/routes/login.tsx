import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { readFormObject } from "~/lib/form.server";
import { AuthCard, EmailField, FormBanner, PasswordField, primaryButtonClass, useBusy } from "~/components/auth/auth-ui";
import { isTrustedOrigin, optionalUser, safeRedirectTo } from "~/auth/session.server";
import { oauthErrorMessage } from "~/auth/oauth";
import { oauthProviders } from "~/auth/providers.server";
import { OAuthButtons } from "~/components/auth/oauth-buttons";
import { pageTitle } from "~/lib/meta";
import { fieldErrors, LoginForm } from "~/modules/accounts/accounts.schema";
import { MESSAGES } from "~/modules/accounts/accounts.messages";
import { signIn } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Sign In") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  const params = new URL(request.url).searchParams;
  if (user) throw redirect(safeRedirectTo(params.get("redirectTo")));
  // OAuth: one button per configured provider; a failed provider sign-in comes back as ?error=<code>.
  return { providers: oauthProviders(), oauthError: oauthErrorMessage(params.get("error")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = await readFormObject(request);
  const values = { email: typeof form.email === "string" ? form.email : "" };
  const parsed = LoginForm.safeParse(form);
  if (!parsed.success) return data({ error: null, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await signIn(request, context, parsed.data);
  if (!result.ok) return data({ error: result.error, errors: result.fieldErrors ?? {}, values }, { status: result.status });
  const headers = new Headers();
  for (const c of result.data.setCookies) headers.append("set-cookie", c);
  // The auth modal (a fetcher, `_modal=1`) stays on its page: it wants an answer, not a redirect.
  if (form._modal === "1") return data({ ok: true as const, error: null, errors: {}, values }, { headers });
  return redirect(safeRedirectTo(form.redirectTo), { headers });
}

/** With JavaScript: a network failure or an unexpected error becomes the spec's banner instead of the error screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // redirects
    return { error: MESSAGES.loginFailed, errors: {}, values: { email: "" } };
  }
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy("/login");
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "/";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AuthCard title="Sign in to your account">
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      {!actionData && loaderData.oauthError ? <FormBanner tone="error">{loaderData.oauthError}</FormBanner> : null}
      <Form method="post" action="/login" noValidate className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset disabled={busy} className="space-y-4">
          <EmailField defaultValue={actionData?.values.email} error={errors.email} />
          <PasswordField name="password" label="Password" autoComplete="current-password" error={errors.password} />
          <div className="flex items-center justify-between gap-3">
            <label className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" name="rememberMe" className="size-4 rounded border-line accent-accent" /> Remember me
            </label>
            <Link to="/forgot-password" className="text-sm font-medium text-accent-strong hover:underline">
              Forgot password?
            </Link>
          </div>
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </fieldset>
      </Form>
      <OAuthButtons providers={loaderData.providers} redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm text-muted">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-medium text-accent-strong hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}

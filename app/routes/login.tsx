import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard, Field, FormBanner, PasswordField, primaryButtonClass, useBusy } from "~/components/auth/auth-ui";
import { isTrustedOrigin, optionalUser, safeRedirectTo } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { fieldErrors, LoginForm } from "~/modules/accounts/accounts.schema";
import { signIn } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Sign In") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (user) throw redirect(safeRedirectTo(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const form = Object.fromEntries(await request.formData());
  const values = { email: typeof form.email === "string" ? form.email : "" };
  const parsed = LoginForm.safeParse(form);
  if (!parsed.success) return data({ error: null, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await signIn(request, context, parsed.data);
  if (!result.ok) return data({ error: result.error, errors: result.fieldErrors ?? {}, values }, { status: result.status });
  const headers = new Headers();
  for (const c of result.setCookies) headers.append("set-cookie", c);
  return redirect(safeRedirectTo(form.redirectTo), { headers });
}

export default function LoginRoute({ actionData }: Route.ComponentProps) {
  const busy = useBusy("/login");
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "/";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <AuthCard title="Sign in to your account">
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <Form method="post" action="/login" noValidate className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset disabled={busy} className="space-y-4">
          <Field
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            defaultValue={actionData?.values.email}
            error={errors.email}
          />
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
      <p className="mt-6 text-center text-sm text-muted">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-medium text-accent-strong hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}

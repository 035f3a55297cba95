import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/account.delete";
import { readForm } from "~/lib/form.server";
import { AuthCard, Field, FormBanner, primaryButtonClass, secondaryButtonClass, useBusy } from "~/components/auth/auth-ui";
import { requireUser } from "~/access/access.server";
import { isTrustedOrigin } from "~/auth/session.server";
import { pageTitle } from "~/lib/meta";
import { DELETE_CONFIRMATION } from "~/modules/accounts/accounts.messages";
import { deleteAccount } from "~/modules/accounts/accounts.service.server";

export function meta() {
  return [{ title: pageTitle("Delete Account") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { username: user.username ?? user.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const user = await requireUser(request);
  const form = await readForm(request);
  const r = await deleteAccount(request, context, user.id, form.get("confirmation"));
  if (!r.ok) return data({ error: r.fieldErrors ? null : r.error, errors: r.fieldErrors ?? {} }, { status: r.status });
  const headers = new Headers();
  for (const c of r.data.setCookies) headers.append("set-cookie", c);
  return redirect("/", { headers });
}

export default function DeleteAccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useBusy("/account/delete");
  return (
    <AuthCard title="Delete Account" subtitle={`Signed in as ${loaderData.username}`}>
      {actionData?.error ? <FormBanner tone="error">{actionData.error}</FormBanner> : null}
      <p className="text-sm text-ink">
        This permanently deletes your account, your ratings and reviews, your lists and everything else only you own. It cannot be undone.
      </p>
      <Form method="post" action="/account/delete" className="mt-6" noValidate>
        <fieldset disabled={busy} className="space-y-4">
          <Field
            name="confirmation"
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            autoComplete="off"
            error={actionData?.errors.confirmation}
          />
          <button type="submit" className={`${primaryButtonClass} bg-red-600 hover:bg-red-700`}>
            {busy ? "Deleting Account..." : "Delete My Account"}
          </button>
        </fieldset>
      </Form>
      <Link to="/" className={`${secondaryButtonClass} mt-3 w-full`}>
        Cancel
      </Link>
    </AuthCard>
  );
}

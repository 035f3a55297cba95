import { data, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { isTrustedOrigin } from "~/auth/session.server";
import { signOut } from "~/modules/accounts/accounts.service.server";

/** POST /logout ends the session on the server and clears the cookie. GET only goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!isTrustedOrigin(request)) throw data("Forbidden", { status: 403 });
  const r = await signOut(request, context);
  const headers = new Headers();
  for (const c of r.setCookies) headers.append("set-cookie", c);
  return redirect("/", { headers });
}

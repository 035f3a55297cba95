import { redirect } from "react-router";
import type { Route } from "./+types/settings";
import { AuthRequired } from "~/components/auth/auth-required";
import { currentActor } from "~/access/access.server";
import { pageTitle } from "~/lib/meta";

export function meta() {
  return [{ title: pageTitle("Settings") }, { name: "robots", content: "noindex" }];
}

/** Signed in → /users; otherwise the sign-in prompt. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await currentActor(request)) throw redirect("/users");
  return { redirectTo: new URL(request.url).pathname };
}

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  return <AuthRequired redirectTo={loaderData.redirectTo} />;
}

import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/layout/not-found";
import { pageTitle } from "~/lib/meta";

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFound path={loaderData.path} />;
}

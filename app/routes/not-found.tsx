import { data, useLocation } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { pageTitle } from "~/lib/meta";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];
}

// The path comes from the location, not the request: on client-side navigation the request is the
// page's data URL (/users.data), which is not what the user asked for.
export default function NotFoundRoute() {
  return <NotFound path={useLocation().pathname} />;
}

import type { Route } from "./+types/users";
import { currentActor } from "~/access/access.server";
import { DiscoverUsers } from "~/components/social/discover-users";
import { pageTitle } from "~/lib/meta";
import { getDiscoverPage, parseDiscoverParams } from "~/modules/social/discover.service.server";

/** /users — Discover Users: search (q), sort, filters and page are GET parameters, so it all works without JavaScript. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = parseDiscoverParams(new URL(request.url).searchParams);
  return getDiscoverPage(await currentActor(request), params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const q = loaderData?.params.q;
  return [
    { title: pageTitle(q ? `Users matching "${q}"` : "Discover Users") },
    { name: "description", content: "Find players to follow: search by name or bio, see top reviewers and who just joined." },
  ];
}

export default function Users({ loaderData }: Route.ComponentProps) {
  return <DiscoverUsers page={loaderData} />;
}

import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/user";
import { optionalUser } from "~/auth/session.server";
import { ProfileHeaderView, ProfileTabs, InvalidProfile } from "~/components/profile/profile-header";
import { TopFiveTabView } from "~/components/profile/top-five-tab";
import { TopTenTabView } from "~/components/profile/top-ten-tab";
import { WantToPlayTabView } from "~/components/profile/want-to-play-tab";
import { pageTitle } from "~/lib/meta";
import { getProfileHeader, loadProfileTab } from "~/modules/lists/lists.service.server";

/** /user/:id — a profile: header and the Top 5, Top 10 and Want to Play tabs (?tab=top5|top10|playlist). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const header = await getProfileHeader(params.id);
  if (!header.ok && header.status === 400) return { invalid: true as const };
  if (!header.ok) throw data({ message: header.error }, { status: header.status });
  const viewer = await optionalUser(request);
  const tab = await loadProfileTab(new URL(request.url).searchParams.get("tab"), header.data.id);
  return { invalid: false as const, profile: header.data, isOwner: viewer?.id === header.data.id, tab };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData || loaderData.invalid) return [{ title: pageTitle("Invalid user ID") }, { name: "robots", content: "noindex" }];
  return [{ title: pageTitle(loaderData.profile.username ?? loaderData.profile.name) }];
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  if (loaderData.invalid) return <InvalidProfile />;
  const { profile, isOwner, tab } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <ProfileHeaderView profile={profile} />
      <ProfileTabs userId={profile.id} active={tab.tab} />
      <div className="mt-6" role="tabpanel" id={`tab-${tab.tab}`} aria-labelledby={`tab-link-${tab.tab}`}>
        {tab.tab === "top5" && <TopFiveTabView key={profile.id} data={tab.top5} isOwner={isOwner} />}
        {tab.tab === "top10" && <TopTenTabView data={tab.top10} isOwner={isOwner} />}
        {tab.tab === "playlist" && <WantToPlayTabView data={tab.playlist} isOwner={isOwner} />}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "Failed to load user data";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-strong">{message}</h1>
      <Link to="/" className="mt-6 inline-block text-accent-strong underline">
        Go home
      </Link>
    </div>
  );
}

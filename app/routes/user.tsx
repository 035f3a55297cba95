import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/user";
import { currentActor } from "~/access/access.server";
import { ActivityTabView } from "~/components/profile/activity-tab";
import { ProfileDialogView } from "~/components/profile/profile-dialogs";
import { FollowButton } from "~/components/social/follow-button";
import { followedAmong } from "~/modules/social/follow.service.server";
import { ProfileHeaderView, ProfileTabs, InvalidProfile } from "~/components/profile/profile-header";
import { TopFiveTabView } from "~/components/profile/top-five-tab";
import { TopTenTabView } from "~/components/profile/top-ten-tab";
import { WantToPlayTabView } from "~/components/profile/want-to-play-tab";
import { pageTitle, shareTags } from "~/lib/meta";
import { loadProfilePage } from "~/modules/profile/profile.service.server";

/**
 * /user/:id — a profile: header, stats (each opening a dialog via ?dialog=), and the tabs Top 5,
 * Top 10, Want to Play and Activity (?tab=). /user alone is the viewer's own profile, else /users.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const viewer = await currentActor(request);
  if (params.id === undefined) throw redirect(viewer ? `/user/${viewer.id}` : "/users");
  const url = new URL(request.url);
  const page = await loadProfilePage(params.id, url, viewer);
  if (!page.ok && page.status === 400) return data({ invalid: true as const }, { status: 400 });
  if (!page.ok && page.status === 404) throw redirect("/users");
  if (!page.ok) throw data({ message: page.error }, { status: page.status });
  const profileId = page.data.profile.id;
  const following = viewer && viewer.id !== profileId ? (await followedAmong(viewer, [profileId])).has(profileId) : false;
  return {
    invalid: false as const,
    ...page.data,
    isOwner: viewer?.id === profileId,
    viewerId: viewer?.id ?? null,
    following,
    origin: url.origin,
  };
}

export const handle = { ownShareTags: true };

const LOAD_FAILED = "Failed to load user data";

/** The message of a profile that cannot be shown, then home in 2 seconds (this refresh is the no-JavaScript way). */
const leaveFor = (message: string) => [
  { title: pageTitle(message) },
  { name: "robots", content: "noindex" },
  { httpEquiv: "refresh", content: "2;url=/" },
];

export function meta({ loaderData }: Route.MetaArgs) {
  // No data: the loader failed and the error boundary is shown.
  if (!loaderData) return leaveFor(LOAD_FAILED);
  if (loaderData.invalid) return leaveFor("Invalid user ID");
  const { profile, origin } = loaderData;
  const name = profile.name || profile.username || "Unknown User";
  const image = profile.avatarUrl ? new URL(profile.avatarUrl, origin).href : null;
  return [
    { title: pageTitle(name) },
    ...shareTags({ title: name, description: profile.bio?.slice(0, 200) || `${name} on Savepoint`, image, origin }),
  ];
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  if (loaderData.invalid) return <InvalidProfile />;
  const { profile, isOwner, tab, dialog, viewerId, following } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:px-6">
      <ProfileHeaderView
        profile={profile}
        isOwner={isOwner}
        tab={tab.tab}
        followSlot={
          <FollowButton
            key={profile.id}
            userId={profile.id}
            following={following}
            viewerId={viewerId}
            name={profile.username ?? profile.name}
          />
        }
      />
      <ProfileTabs userId={profile.id} active={tab.tab} />
      <div className="mt-6" role="tabpanel" id={`tab-${tab.tab}`} aria-labelledby={`tab-link-${tab.tab}`}>
        {tab.tab === "top5" && <TopFiveTabView key={profile.id} data={tab.top5} isOwner={isOwner} />}
        {tab.tab === "top10" && <TopTenTabView data={tab.top10} isOwner={isOwner} userId={profile.id} />}
        {tab.tab === "playlist" && <WantToPlayTabView data={tab.playlist} isOwner={isOwner} />}
        {tab.tab === "activity" && (
          <ActivityTabView
            key={`${profile.id}:${tab.activity.items[0]?.at ?? ""}:${tab.activity.nextCursor ?? ""}`}
            data={tab.activity}
            isOwner={isOwner}
            userId={profile.id}
          />
        )}
      </div>
      {dialog && (
        <ProfileDialogView key={`${profile.id}:${dialog.name}`} dialog={dialog} userId={profile.id} tab={tab.tab} viewerId={viewerId} />
      )}
    </div>
  );
}

/** A load error: 'Failed to load user data', then home (the same notice as an invalid id). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : LOAD_FAILED;
  return <InvalidProfile message={message} />;
}

import { CalendarDays, Gamepad2, Globe, MapPin, Pencil } from "~/components/ui/icons";
import { useEffect, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { countLabel, shortCount } from "~/lib/counts";
import type { ProfileHeader, ProfileTab } from "~/modules/profile/profile.service.server";

/** `?dialog=…` on the current page (the tab kept), so a stat opens its dialog with or without JavaScript. */
export function dialogHref(userId: number, tab: ProfileTab, dialog: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (tab !== "top5") q.set("tab", tab);
  q.set("dialog", dialog);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return `/user/${userId}?${q.toString()}`;
}

/** The stats strip: each count opens its dialog, except LISTS, which opens the Want to Play tab. */
const STATS = [
  { key: "games", label: "GAMES", one: "game", dialog: "games" },
  { key: "reviewsThisYear", label: "REVIEWS", one: "review", dialog: "reviews", hint: "this year" },
  { key: "lists", label: "LISTS", one: "list", dialog: null, tab: "playlist" },
  { key: "following", label: "FOLLOWING", one: "following", dialog: "following" },
  { key: "followers", label: "FOLLOWERS", one: "follower", dialog: "followers" },
] as const;

const statHref = (userId: number, tab: ProfileTab, s: (typeof STATS)[number]): string =>
  s.dialog ? dialogHref(userId, tab, s.dialog) : `/user/${userId}?tab=${s.tab}`;

export function ProfileHeaderView({
  profile,
  isOwner,
  tab,
  followSlot,
}: {
  profile: ProfileHeader;
  isOwner: boolean;
  tab: ProfileTab;
  /** The lead's <FollowButton …/> for other viewers goes here (nothing until it lands). */
  followSlot?: ReactNode;
}) {
  const display = profile.name || profile.username || "Unknown User";
  return (
    <header className="rounded-xl border border-line bg-surface p-4 sm:p-6">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar name={display} url={profile.avatarUrl} size={96} className="ring-2 ring-line" />
        {/* w-full: centred in a column on phones, it would otherwise be as wide as a long bio word. */}
        <div className="w-full min-w-0 flex-1">
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:justify-between">
            {/* max-w-full: centred in a column on phones, the names would be as wide as their text, not cut. */}
            <div className="max-w-full min-w-0">
              <h1 dir="auto" className="truncate text-2xl font-bold text-ink-strong">
                {display}
              </h1>
              {profile.username && <p className="truncate text-muted">@{profile.username}</p>}
            </div>
            {isOwner ? (
              <Link
                to="/settings/profile"
                className="inline-flex items-center gap-2 rounded-lg border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit Profile
              </Link>
            ) : (
              /* Follow for other signed-in viewers; 'Login' (disabled) for visitors. */
              (followSlot ?? null)
            )}
          </div>
          {profile.bio && (
            <p dir="auto" className="mt-3 whitespace-pre-line text-ink [unicode-bidi:plaintext]">
              {profile.bio}
            </p>
          )}
          <ul className="mt-3 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-muted sm:justify-start">
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              Joined {profile.joined}
            </li>
            {profile.location && (
              <li className="inline-flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-4" />
                <bdi>{profile.location}</bdi>
              </li>
            )}
            {profile.website && (
              <li className="inline-flex max-w-full min-w-0 items-center gap-1.5">
                <Globe aria-hidden="true" className="size-4 shrink-0" />
                <a
                  href={profile.website}
                  rel="nofollow ugc noopener"
                  target="_blank"
                  className="truncate text-accent-strong hover:underline"
                >
                  {profile.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                </a>
              </li>
            )}
            {profile.platforms.length > 0 && (
              <li className="inline-flex items-center gap-1.5">
                <Gamepad2 aria-hidden="true" className="size-4" />
                {profile.platforms.join(", ")}
              </li>
            )}
          </ul>
        </div>
      </div>
      <dl
        className="mt-6 flex flex-wrap justify-center gap-y-2 border-t border-line pt-4 text-center xs:flex-nowrap xs:gap-y-0 xs:divide-x xs:divide-line"
        aria-label="Profile stats"
      >
        {STATS.map((s) => {
          const count = profile.stats[s.key];
          const number = (
            <>
              <span aria-hidden="true">{shortCount(count)}</span>
              <span className="sr-only">{countLabel(count)}</span>
            </>
          );
          // dt before dd (a valid list); each stat is a link over its whole cell.
          return (
            <div
              key={s.key}
              className="relative flex w-1/3 min-w-0 flex-col rounded-lg px-0 py-1 hover:bg-surface-2 xs:w-auto xs:flex-1 xs:basis-0 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-accent/60 sm:px-1"
            >
              <dt className="text-[10px] font-semibold tracking-tighter text-muted sm:text-[11px] sm:tracking-wide">
                {s.label}
                {"hint" in s && <span className="sr-only"> ({s.hint})</span>}
              </dt>
              <dd className="text-xl font-bold tabular-nums text-ink-strong" title={countLabel(count)}>
                <Link
                  to={statHref(profile.id, tab, s)}
                  preventScrollReset
                  data-testid={`stat-${s.dialog ?? s.key}`}
                  className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
                >
                  {number}
                  <span className="sr-only">
                    {" "}
                    {count === 1 ? s.one : s.label.toLowerCase()}
                    {"hint" in s ? ` ${s.hint}` : ""}
                  </span>
                </Link>
              </dd>
            </div>
          );
        })}
      </dl>
    </header>
  );
}

const TABS: { id: ProfileTab; label: string }[] = [
  { id: "top5", label: "Top 5" },
  { id: "top10", label: "Top 10" },
  { id: "playlist", label: "Want to Play" },
  { id: "activity", label: "Activity" },
];

/** Tabs as links (?tab=), so each works without JavaScript and can be shared. */
export function ProfileTabs({ userId, active }: { userId: number; active: ProfileTab }) {
  return (
    <nav aria-label="Profile sections" className="mt-8 border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <li key={t.id}>
            <Link
              id={`tab-link-${t.id}`}
              to={t.id === "top5" ? `/user/${userId}` : `/user/${userId}?tab=${t.id}`}
              preventScrollReset
              aria-current={active === t.id ? "page" : undefined}
              className={`inline-block border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none focus-visible:ring-inset sm:px-4 ${
                active === t.id ? "border-accent text-ink-strong" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A profile that cannot be shown — a non-numeric id ('Invalid user ID') or a failed load ('Failed to
 * load user data'): the message, then home after 2 seconds. The route's meta adds a refresh to / for
 * browsers without JavaScript.
 */
export function InvalidProfile({ message = "Invalid user ID" }: { message?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const t = setTimeout(() => void navigate("/", { replace: true }), 2000);
    return () => clearTimeout(t);
  }, [navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      {/* Announced at once, and still the page's heading. */}
      <div role="alert">
        <h1 className="text-2xl font-bold text-ink-strong">{message}</h1>
      </div>
      <Link to="/" className="mt-6 inline-block text-accent-strong underline">
        Go home
      </Link>
    </div>
  );
}

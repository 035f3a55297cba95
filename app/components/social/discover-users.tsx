import { Search, SlidersHorizontal, Sparkles, TrendingUp, Trophy, Users as UsersIcon, X } from "~/components/ui/icons";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { Form, Link } from "react-router";
import { Pager } from "~/components/search/pager";
import { countLabel } from "~/lib/counts";
import { formatRating } from "~/lib/ratings";
import { clearRecent, readRecent, recentKey, rememberSearch } from "~/components/search/recent-searches";
import { FollowButton } from "./follow-button";
import { Avatar } from "~/components/ui/avatar";
import {
  DISCOVER_SORTS,
  JOINED_WITHIN,
  USER_PLATFORMS,
  type DiscoverPage,
  type DiscoverParams,
  type DiscoverUser,
} from "~/modules/social/discover.shared";

/** A search is remembered only from this many characters. */
const RECENT_MIN_CHARS = 2;

/** The /users URL for these parameters (defaults left out). */
export function discoverHref(p: Partial<DiscoverParams>): string {
  const s = new URLSearchParams();
  if (p.q) s.set("q", p.q);
  if (p.sort && p.sort !== "relevant") s.set("sort", p.sort);
  if (p.hasReviews) s.set("reviews", "1");
  if (p.joined) s.set("joined", String(p.joined));
  if (p.platform) s.set("platform", p.platform);
  if (p.page && p.page > 1) s.set("page", String(p.page));
  const qs = s.toString();
  return qs ? `/users?${qs}` : "/users";
}

const recentListeners = new Set<() => void>();
const notifyRecent = () => recentListeners.forEach((l) => l());
function subscribeRecent(listener: () => void) {
  recentListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    recentListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function rawRecent(): string | null {
  try {
    return window.localStorage.getItem(recentKey("users"));
  } catch {
    return null;
  }
}

/** Recent user searches from localStorage (none while rendering on the server). */
function useRecentUserSearches() {
  const raw = useSyncExternalStore(subscribeRecent, rawRecent, () => null);
  return useMemo(() => readRecent("users", { getItem: () => raw, setItem: () => {}, removeItem: () => {} }), [raw]);
}

const joinedLabel = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function DiscoverUsers({ page }: { page: DiscoverPage }) {
  const { params, users, total, totalPages, topReviewers, stats, viewerId, error, warnings, communityEmpty } = page;
  const recent = useRecentUserSearches();
  const searching = params.q !== "";
  const filtering = params.hasReviews || params.joined !== null || params.platform !== null;
  const aloneHere = communityEmpty && viewerId !== null && !searching && !filtering && users.length === 0 && !error;

  // Remember the search shown (only from 2 characters); the list follows through the store.
  useEffect(() => {
    if (params.q.length >= RECENT_MIN_CHARS) {
      rememberSearch("users", params.q);
      notifyRecent();
    }
  }, [params.q]);

  const filterCount = [params.hasReviews, params.joined !== null, params.platform !== null].filter(Boolean).length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:px-6">
      <header className="mb-6">
        <h1 className="text-3xl font-black tracking-tight text-ink-strong">Discover Users</h1>
        <p className="mt-1 text-muted">Find players with your taste in games and follow what they play.</p>
      </header>

      <Form method="get" action="/users" role="search" className="mb-6 space-y-3" aria-label="Search users">
        <div className="flex flex-wrap gap-2">
          <div className="relative min-w-64 flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
            <label htmlFor="discover-q" className="sr-only">
              Search users
            </label>
            <input
              id="discover-q"
              name="q"
              type="search"
              defaultValue={params.q}
              key={params.q}
              maxLength={100}
              placeholder="Search users by name or bio..."
              className="h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-9 text-sm text-ink placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none"
            />
          </div>
          <label htmlFor="discover-sort" className="sr-only">
            Sort by
          </label>
          <select
            id="discover-sort"
            name="sort"
            defaultValue={params.sort}
            key={`sort-${params.sort}`}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className="h-11 rounded-lg border border-line bg-surface px-3 text-sm text-ink focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none"
          >
            {DISCOVER_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <button type="submit" className="h-11 rounded-lg bg-accent px-5 text-sm font-semibold text-white hover:bg-accent-hover">
            Search
          </button>
        </div>
        <details className="group rounded-lg border border-line bg-surface/60" open={filtering || undefined}>
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2.5 text-sm font-semibold text-ink-strong">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters{filterCount > 0 ? ` (${filterCount})` : ""}
          </summary>
          <div className="flex flex-wrap items-end gap-4 border-t border-line px-4 py-3 text-sm">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="reviews" value="1" defaultChecked={params.hasReviews} className="size-4 accent-accent" />
              Has reviews
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs text-muted">Joined</span>
              <select
                name="joined"
                defaultValue={params.joined ?? ""}
                className="h-9 rounded-md border border-line bg-surface px-2 text-ink focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none"
              >
                <option value="">Any time</option>
                {JOINED_WITHIN.map((j) => (
                  <option key={j.value} value={j.value}>
                    {j.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-xs text-muted">Platform</span>
              <select
                name="platform"
                defaultValue={params.platform ?? ""}
                className="h-9 rounded-md border border-line bg-surface px-2 text-ink focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none"
              >
                <option value="">Any platform</option>
                {USER_PLATFORMS.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="h-9 rounded-md border border-accent px-4 font-semibold text-accent-strong hover:bg-accent/10">
              Apply Filters
            </button>
            {filtering && (
              <Link
                to={discoverHref({ q: params.q, sort: params.sort })}
                className="h-9 px-2 leading-9 font-semibold text-muted hover:text-ink-strong"
              >
                Clear Filters
              </Link>
            )}
          </div>
        </details>
      </Form>

      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          {error && (
            <div role="alert" className="mb-6 rounded-xl border border-bad/40 bg-bad/10 p-4 font-semibold text-ink-strong">
              {error}
            </div>
          )}
          {/* Some figures could not be read; the users are listed all the same. */}
          {warnings.map((w) => (
            <p
              key={w}
              role="status"
              className="mb-3 rounded-xl border border-warn/40 bg-warn/10 px-4 py-3 text-sm font-semibold text-ink-strong"
            >
              {w}
            </p>
          ))}

          {!searching && topReviewers.length > 0 && (
            <section aria-labelledby="top-reviewers" className="mb-8">
              <h2 id="top-reviewers" className="mb-3 flex items-center gap-2 text-lg font-bold text-ink-strong">
                <Trophy aria-hidden="true" className="size-5 text-accent-strong" /> Top Reviewers
              </h2>
              <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {topReviewers.map((u, i) => (
                  <li key={u.id} className="flex items-center gap-3 rounded-xl border border-accent/30 bg-surface p-3">
                    <span className="w-5 text-center text-lg font-black text-accent-strong">{i + 1}</span>
                    <Avatar name={u.displayName} url={u.avatarUrl} size={40} lazy />
                    <div className="min-w-0 flex-1">
                      <Link to={`/user/${u.id}`} dir="auto" className="block truncate font-semibold text-ink-strong hover:underline">
                        {u.displayName}
                      </Link>
                      <p className="text-xs text-muted">
                        {countLabel(u.reviewCount)} {u.reviewCount === 1 ? "review" : "reviews"}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <section aria-labelledby="user-results">
            <h2 id="user-results" className="text-lg font-bold text-ink-strong">
              {searching ? `Search Results (${countLabel(total)})` : "All Users"}
            </h2>
            {aloneHere ? null : (
              <p className="mb-4 text-sm text-muted">
                {searching ? `Found ${countLabel(total)} users matching "${params.q}"` : `Browse all ${countLabel(total)} users`}
              </p>
            )}

            {users.length === 0 && !error ? (
              aloneHere ? (
                // A member who is the only one yet (the first person on a new server): the list leaves them
                // out, so 'Browse all 0 users' and 'Be the first to join' next to 'Total Users 1' read wrong.
                <EmptyState title="No other members yet" text="You're the first one here. Invite your friends to join you!" />
              ) : communityEmpty && !searching && !filtering ? (
                <EmptyState title="No users yet" text="Be the first to join the community!" />
              ) : (
                <EmptyState title="No users found" text="Try adjusting your search terms">
                  <Link
                    to="/users"
                    className="mt-4 inline-flex items-center gap-1.5 rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-surface-2"
                  >
                    <X aria-hidden="true" className="size-4" /> Clear Search
                  </Link>
                </EmptyState>
              )
            ) : (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 2xl:grid-cols-3" data-testid="user-results">
                {users.map((u) => (
                  <li key={u.id}>
                    <UserCard user={u} viewerId={viewerId} />
                  </li>
                ))}
              </ul>
            )}
            {total > 20 && <Pager page={params.page} totalPages={totalPages} hrefFor={(n) => discoverHref({ ...params, page: n })} />}
          </section>
        </div>

        <aside className="hidden space-y-6 lg:block" aria-label="Community">
          <section className="rounded-xl border border-line bg-surface p-4">
            <div className="mb-2 flex items-center justify-between">
              <h2 className="text-sm font-bold text-ink-strong">Recent Searches</h2>
              {recent.length > 0 && (
                <button
                  type="button"
                  onClick={() => {
                    clearRecent("users");
                    notifyRecent();
                  }}
                  className="text-xs font-semibold text-accent-strong hover:underline"
                >
                  Clear
                </button>
              )}
            </div>
            {recent.length === 0 ? (
              <p className="text-sm text-muted">No recent searches</p>
            ) : (
              <ul className="space-y-1">
                {recent.map((r) => (
                  <li key={r.query}>
                    <Link
                      to={discoverHref({ q: r.query })}
                      className="block truncate rounded px-2 py-1 text-sm text-ink hover:bg-surface-2"
                    >
                      {r.query}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="rounded-xl border border-line bg-surface p-4">
            <h2 className="mb-3 text-sm font-bold text-ink-strong">Community Stats</h2>
            <dl className="grid grid-cols-2 gap-3 text-center">
              <Stat label="Total Users" value={stats.totalUsers} />
              <Stat label="Active Reviewers" value={stats.activeReviewers} />
              <Stat label="Total Reviews" value={stats.totalReviews} />
              <Stat label="You Follow" value={stats.youFollow ?? "-"} />
            </dl>
          </section>

          <section className="rounded-xl border border-line bg-surface p-4">
            <h2 className="mb-3 text-sm font-bold text-ink-strong">Quick Filters</h2>
            <div className="flex flex-col gap-2">
              <Link
                to={discoverHref({ sort: "recent" })}
                className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-2"
              >
                <Sparkles aria-hidden="true" className="size-4 text-accent-strong" /> New Members
              </Link>
              <Link
                to={discoverHref({ sort: "followers" })}
                className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-surface-2"
              >
                <TrendingUp aria-hidden="true" className="size-4 text-accent-strong" /> Most Popular
              </Link>
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="rounded-lg bg-surface-2/60 p-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-bold text-ink-strong">{typeof value === "number" ? countLabel(value) : value}</dd>
    </div>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line p-10 text-center">
      <UsersIcon aria-hidden="true" className="mx-auto size-8 text-muted" />
      <p className="mt-2 font-semibold text-ink-strong">{title}</p>
      <p className="mt-1 text-muted">{text}</p>
      {children}
    </div>
  );
}

function UserCard({ user: u, viewerId }: { user: DiscoverUser; viewerId: number | null }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <div className="flex items-start gap-3">
        <Link to={`/user/${u.id}`} tabIndex={-1} aria-hidden="true">
          <Avatar name={u.displayName} url={u.avatarUrl} size={48} lazy />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={`/user/${u.id}`} dir="auto" className="block truncate font-semibold text-ink-strong hover:underline">
            {u.displayName}
          </Link>
          {u.username && u.name && u.name !== u.username && (
            <p dir="auto" className="truncate text-xs text-muted">
              {u.name}
            </p>
          )}
          <p className="truncate text-xs text-muted">Joined {joinedLabel(u.joinedAt)}</p>
        </div>
        <FollowButton userId={u.id} following={u.isFollowing} viewerId={viewerId} name={u.displayName} size="sm" />
      </div>
      {u.bio && (
        <p dir="auto" className="line-clamp-2 text-sm text-ink">
          {u.bio}
        </p>
      )}
      <dl className="mt-auto flex gap-4 text-xs text-muted">
        <div>
          <dt className="sr-only">Followers</dt>
          <dd>
            <span className="font-semibold text-ink-strong">{countLabel(u.followerCount)}</span>{" "}
            {u.followerCount === 1 ? "follower" : "followers"}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Reviews</dt>
          <dd>
            <span className="font-semibold text-ink-strong">{countLabel(u.reviewCount)}</span> {u.reviewCount === 1 ? "review" : "reviews"}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Average rating</dt>
          <dd>
            avg <span className="font-semibold text-ink-strong">{formatRating(u.averageRating)}</span>
          </dd>
        </div>
      </dl>
    </article>
  );
}

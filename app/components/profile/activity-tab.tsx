import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { RelativeTime } from "~/components/ui/relative-time";
import { formatRating } from "~/lib/ratings";
import type { ActivityItem, ActivityTab, ProfileTabData } from "~/modules/profile/profile.service.server";

function describe(item: ActivityItem): { verb: string; after?: string } {
  const who = item.reviewAuthor ? `@${item.reviewAuthor.username ?? "Unknown User"}'s review of` : "a review of";
  switch (item.type) {
    case "review":
      return { verb: "Reviewed" };
    case "rating":
      return { verb: "Rated", after: item.rating === null ? undefined : `${formatRating(item.rating)}/10` };
    case "wishlist":
      return { verb: "Added to wishlist:" };
    case "collection":
      return { verb: "Added to collection:" };
    case "started":
      return { verb: "Started playing" };
    case "completed":
      return { verb: "Finished" };
    case "comment":
      return { verb: `Commented on ${who}` };
    case "review_like":
      return { verb: `Liked ${who}` };
  }
}

function Row({ item }: { item: ActivityItem }) {
  const d = describe(item);
  return (
    <li data-testid="activity-item" data-type={item.type}>
      {/* The whole row is the link, so it is one tap target on a phone. */}
      <Link
        to={item.href}
        className="flex items-center justify-between gap-3 rounded-lg px-3 py-3 hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
      >
        <span className="min-w-0 text-ink">
          {d.verb} <span className="font-semibold text-ink-strong">{item.game?.name ?? "Unknown Game"}</span>
          {d.after && <span className="ml-2 font-bold text-accent-strong">{d.after}</span>}
        </span>
        <RelativeTime date={item.at} className="shrink-0 text-xs text-muted" />
      </Link>
    </li>
  );
}

/** 'Recent Activity': the first page server-rendered; 'Load More Activity' follows the cursor. */
export function ActivityTabView({ data, isOwner, userId }: { data: ActivityTab; isOwner: boolean; userId: number }) {
  const fetcher = useFetcher<{ tab?: ProfileTabData }>();
  // Pages loaded before the one the fetcher holds now (moved here when the next one is asked for).
  const [earlier, setEarlier] = useState<ActivityItem[]>([]);
  const latest = fetcher.data?.tab?.tab === "activity" ? fetcher.data.tab.activity : null;
  const seen = new Set<string>();
  const items = [...data.items, ...earlier, ...(latest?.items ?? [])].filter((i) => {
    const k = `${i.type}:${i.id}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const next = latest ? latest.nextCursor : data.nextCursor;

  const moreHref = next ? `/user/${userId}?tab=activity&cursor=${encodeURIComponent(next)}` : null;
  const loadError = latest?.error ?? null;

  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="mb-3 text-lg font-bold text-ink-strong">
        Recent Activity
      </h2>
      {data.error && (
        <p role="alert" className="text-bad">
          {data.error}{" "}
          <Link to={`/user/${userId}?tab=activity`} className="underline">
            Retry
          </Link>
        </p>
      )}
      {!data.error && items.length === 0 && (
        <div className="py-10 text-center">
          <p className="text-muted">No activity</p>
          {isOwner && <p className="mt-1 text-sm text-muted">Start rating games and tracking your progress to see activity here!</p>}
        </div>
      )}
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <Row key={`${item.type}:${item.id}`} item={item} />
        ))}
      </ul>
      {loadError && (
        <p role="alert" className="mt-2 text-bad">
          {loadError}
        </p>
      )}
      {moreHref && (
        <div className="mt-4 text-center">
          <Link
            to={moreHref}
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              if (fetcher.state !== "idle") return;
              if (latest) setEarlier((prev) => [...prev, ...latest.items]);
              void fetcher.load(moreHref);
            }}
            aria-disabled={fetcher.state !== "idle"}
            className="inline-block rounded-lg border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-2"
          >
            {fetcher.state !== "idle" ? "Loading..." : "Load More Activity"}
          </Link>
        </div>
      )}
    </section>
  );
}

import { reviewGameRef } from "~/lib/review-game-ref";
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { FollowButton } from "~/components/social/follow-button";
import { DialogCloseButton } from "~/components/ui/dialog-close-button";
import { formatRating } from "~/lib/ratings";
import type { ProfileDialog, ProfileTab } from "~/modules/profile/profile.service.server";
import { Avatar } from "~/components/ui/avatar";
import { dialogHref } from "./profile-header";
import { useReturnFocus } from "~/components/ui/use-return-focus";

export const REVIEW_PREVIEW = 150;

const TITLES = { followers: "Followers", following: "Following", games: "Games", reviews: "Reviews" } as const;

function TabLinks({ items, active }: { items: { id: string; label: string; href: string }[]; active: string }) {
  return (
    <nav className="mb-4 flex gap-1 border-b border-line" aria-label="Dialog sections">
      {items.map((t) => (
        <Link
          key={t.id}
          to={t.href}
          replace
          preventScrollReset
          aria-current={t.id === active ? "page" : undefined}
          className={`-mb-px shrink-0 border-b-2 px-2 py-2 text-sm font-semibold whitespace-nowrap xs:px-3 ${t.id === active ? "border-accent text-ink-strong" : "border-transparent text-muted hover:text-ink"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/** Review text cut at 150 characters with Show more / Show less. */
function ReviewText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (text.length <= REVIEW_PREVIEW) return <p className="mt-1 text-sm whitespace-pre-line text-ink">{text}</p>;
  return (
    <p className="mt-1 text-sm whitespace-pre-line text-ink">
      {open ? text : `${text.slice(0, REVIEW_PREVIEW)}...`}{" "}
      <button type="button" onClick={() => setOpen(!open)} className="font-semibold text-accent-strong hover:underline">
        {open ? "Show less" : "Show more"}
      </button>
    </p>
  );
}

/** An error banner the reader can close ('Failed to load reviews'); it stays closed for this list. */
function DismissibleAlert({ message }: { message: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div
      role="alert"
      className="mb-3 flex items-start justify-between gap-3 rounded-lg border border-bad/40 bg-bad/10 px-3 py-2 text-sm text-ink-strong"
    >
      <span>{message}</span>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        aria-label="Dismiss message"
        className="-m-1 grid size-7 shrink-0 place-items-center rounded text-muted hover:text-ink-strong focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

interface BodyProps {
  dialog: ProfileDialog;
  userId: number;
  tab: ProfileTab;
  /** The signed-in viewer (null for a visitor): each person's follow toggle is theirs. */
  viewerId: number | null;
}

/** The same list (dialog, filter and sort) as `b`: a page of `a` continues it. */
function sameList(a: ProfileDialog, b: ProfileDialog): boolean {
  if (a.name !== b.name) return false;
  if (a.name === "games" && b.name === "games") return a.filter === b.filter;
  if (a.name === "reviews" && b.name === "reviews") return a.sort === b.sort;
  return true;
}

/** The dialog's own query (?games= / ?sort=) besides its name, for its next-page link. */
function listQuery(dialog: ProfileDialog): Record<string, string> {
  if (dialog.name === "games" && dialog.filter !== "all") return { games: dialog.filter };
  if (dialog.name === "reviews" && dialog.sort !== "recent") return { sort: dialog.sort };
  return {};
}

/**
 * The pages of a dialog shown so far: the one the page was rendered with, then each one 'Load more'
 * fetched (the page's own URL with ?after=, so the same link works without JavaScript). Each page is
 * kept as it was first shown: when the page's data reloads (after a follow toggle), a person just
 * unfollowed stays in the list, so the toggle can be pressed again, until the dialog is reopened.
 */
function useDialogPages(dialog: ProfileDialog) {
  const fetcher = useFetcher<{ dialog?: ProfileDialog | null }>();
  const [pages, setPages] = useState<ProfileDialog[]>([dialog]);
  const fetched = fetcher.data?.dialog ?? null;
  const latest = fetcher.state === "idle" && fetched && sameList(fetched, dialog) ? fetched : null;
  // A page not yet shown joins the list (a reloaded one, same ?after=, does not).
  if (latest && !latest.error && !pages.some((p) => p.after === latest.after)) setPages([...pages, latest]);
  // A page that failed to load is asked for again by the same link.
  const next = pages[pages.length - 1]!.nextCursor;
  const loading = fetcher.state !== "idle";
  const loadMore = (href: string) => {
    if (!loading) void fetcher.load(href);
  };
  return { pages, next, loadError: latest?.error ?? null, loading, loadMore };
}

/** Entries of every page, each once (an entry can move between pages while the list is read). */
function merged<T>(lists: T[][], keyOf: (item: T) => number): T[] {
  const seen = new Set<number>();
  return lists.flat().filter((item) => {
    const k = keyOf(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function Body({ dialog, userId, tab, viewerId }: BodyProps) {
  const { pages, next, loadError, loading, loadMore } = useDialogPages(dialog);
  const moreHref = next ? dialogHref(userId, tab, dialog.name, { ...listQuery(dialog), after: next }) : null;
  const more = (
    <>
      {loadError && (
        <p role="alert" className="mt-2 text-bad">
          {loadError}
        </p>
      )}
      {moreHref && (
        <div className="mt-3 text-center">
          <Link
            to={moreHref}
            preventScrollReset
            data-testid="dialog-load-more"
            onClick={(e) => {
              e.preventDefault();
              loadMore(moreHref);
            }}
            aria-disabled={loading || undefined}
            className="inline-block rounded-lg border border-line px-4 py-2 text-sm font-semibold text-ink hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            {loading ? "Loading..." : "Load more"}
          </Link>
        </div>
      )}
    </>
  );
  const error = dialog.error ? (
    <p role="alert" className="text-bad">
      {dialog.error}
    </p>
  ) : null;
  if (dialog.name === "followers" || dialog.name === "following") {
    const people = merged(
      pages.map((d) => (d.name === "followers" || d.name === "following" ? d.people : [])),
      (p) => p.id,
    );
    return (
      <>
        <TabLinks
          active={dialog.name}
          items={[
            { id: "following", label: "Following", href: dialogHref(userId, tab, "following") },
            { id: "followers", label: "Followers", href: dialogHref(userId, tab, "followers") },
          ]}
        />
        {error}
        {!dialog.error && people.length === 0 && (
          <p className="py-6 text-center text-muted">{dialog.name === "followers" ? "No followers yet" : "Not following anyone yet"}</p>
        )}
        <ul className="divide-y divide-line">
          {people.map((p) => (
            <li key={p.id} className="flex items-center gap-3" data-testid="dialog-person">
              <Link to={`/user/${p.id}`} className="flex min-w-0 flex-1 items-center gap-3 py-2 hover:bg-surface-2">
                <Avatar name={p.name || p.username || "Unknown User"} url={p.avatarUrl} size={40} lazy className="ring-2 ring-line" />
                <span className="min-w-0">
                  <span dir="auto" className="block truncate font-semibold text-ink-strong">
                    {p.name || p.username || "Unknown User"}
                  </span>
                  {p.username && <span className="block truncate text-sm text-muted">@{p.username}</span>}
                </span>
              </Link>
              {/* Hidden for the viewer themself; 'Login' (disabled) for a visitor. */}
              <FollowButton userId={p.id} following={p.viewerFollows} viewerId={viewerId} name={p.username ?? p.name} size="sm" />
            </li>
          ))}
        </ul>
        {more}
      </>
    );
  }
  if (dialog.name === "games") {
    const games = merged(
      pages.map((d) => (d.name === "games" ? d.games : [])),
      (g) => g.gameId,
    );
    return (
      <>
        <TabLinks
          active={dialog.filter}
          items={[
            { id: "all", label: "All Games", href: dialogHref(userId, tab, "games") },
            { id: "started", label: "Started", href: dialogHref(userId, tab, "games", { games: "started" }) },
            { id: "finished", label: "Finished", href: dialogHref(userId, tab, "games", { games: "finished" }) },
          ]}
        />
        {error}
        {!dialog.error && games.length === 0 && <p className="py-6 text-center text-muted">No games yet</p>}
        <ul className="divide-y divide-line">
          {games.map((g) => (
            <li key={g.gameId} data-testid="dialog-game">
              <Link to={`/game/${g.slug}`} className="flex items-center justify-between gap-3 py-2 hover:bg-surface-2">
                <span className="truncate text-ink-strong">{g.name}</span>
                <span className="shrink-0 text-xs text-muted">{g.completed ? "Finished" : "Started"}</span>
              </Link>
            </li>
          ))}
        </ul>
        {more}
      </>
    );
  }
  if (dialog.name !== "reviews") return null;
  const reviews = merged(
    pages.map((d) => (d.name === "reviews" ? d.reviews : [])),
    (r) => r.id,
  );
  return (
    <>
      <TabLinks
        active={dialog.sort}
        items={(["recent", "oldest", "highest", "lowest"] as const).map((s) => ({
          id: s,
          label: s[0]!.toUpperCase() + s.slice(1),
          href: dialogHref(userId, tab, "reviews", s === "recent" ? {} : { sort: s }),
        }))}
      />
      {dialog.error && <DismissibleAlert message={dialog.error} />}
      {!dialog.error && reviews.length === 0 && <p className="py-6 text-center text-muted">No reviews found</p>}
      <ul className="divide-y divide-line">
        {reviews.map((r) => (
          <li key={r.id} className="py-3" data-testid="dialog-review">
            <div className="flex items-baseline justify-between gap-3">
              <Link
                to={`/review/${userId}/${reviewGameRef({ id: r.gameId, igdbId: r.igdbId })}`}
                className="truncate font-semibold text-ink-strong hover:underline"
              >
                {r.name}
              </Link>
              <span className="shrink-0 font-bold text-accent-strong">
                {formatRating(r.rating)}
                <span className="text-xs font-normal text-muted">/10</span>
              </span>
            </div>
            {r.review && r.review.trim() && <ReviewText text={r.review} />}
          </li>
        ))}
      </ul>
      {more}
    </>
  );
}

/** One list of a dialog (its name, filter or sort, and the page it opened on): a new one starts its pages afresh. */
function listKey(dialog: ProfileDialog): string {
  const which = dialog.name === "games" ? dialog.filter : dialog.name === "reviews" ? dialog.sort : "";
  return `${dialog.name}:${which}:${dialog.after ?? ""}`;
}

/**
 * The dialog named in the URL. Rendered in place (no portal) so the server sends it too: a stat
 * link opens it without JavaScript, and closing goes back to the page without `dialog`.
 */
export function ProfileDialogView({ dialog, userId, tab, viewerId }: BodyProps) {
  const navigate = useNavigate();
  const closeHref = tab === "top5" ? `/user/${userId}` : `/user/${userId}?tab=${tab}`;
  // Back to the stat that opened it (a link, so no Radix trigger to return to).
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && void navigate(closeHref, { preventScrollReset: true, replace: true })}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
      <Dialog.Content
        aria-describedby={undefined}
        onOpenAutoFocus={returnFocus.remember}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-line bg-surface p-5 shadow-xl"
      >
        <div className="mb-3 flex items-center justify-between">
          <Dialog.Title className="text-lg font-bold text-ink-strong">{TITLES[dialog.name]}</Dialog.Title>
          <noscript>
            <a href={closeHref} className="text-sm text-accent-strong underline">
              Close
            </a>
          </noscript>
          <DialogCloseButton label={`Close ${TITLES[dialog.name].toLowerCase()}`} />
        </div>
        <div className="min-h-0 overflow-y-auto" data-testid={`dialog-${dialog.name}`}>
          <Body key={listKey(dialog)} dialog={dialog} userId={userId} tab={tab} viewerId={viewerId} />
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}

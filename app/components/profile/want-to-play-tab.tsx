import { Plus, X } from "~/components/ui/icons";
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { GameCover } from "~/components/game/game-cover";
import { useJsonAction } from "~/lib/use-json-action";
import { failedToUpdateWishlist, LISTS_MESSAGES as M, listErrorMessage, PRIORITY_LABELS } from "~/modules/lists/lists.messages";
import type { ListPage, TabGame, WantToPlayTab } from "~/modules/lists/lists.service.server";
import { GamePicker } from "./game-picker";

type ListKind = "collection" | "wishlist";

const EMPTY_TEXT: Record<ListKind, { owner: string; visitor: string }> = {
  collection: { owner: "Games you own but haven't played go here", visitor: "Games they own but haven't played will appear here" },
  wishlist: { owner: "Games you want to buy go here", visitor: "Games they want to buy will appear here" },
};

async function postList(fields: Record<string, string>): Promise<{ ok: boolean; status: number; error?: string }> {
  const res = await fetch("/api/lists", {
    method: "POST",
    body: new URLSearchParams({ ...fields, format: "json" }),
    headers: { Accept: "application/json" },
  });
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return { ok: res.ok, status: res.status, error: body.error };
}

const LIST_LABEL: Record<ListKind, string> = { collection: "Collection", wishlist: "Wishlist" };

const KNOWN_REFUSALS = new Set<string>(Object.values(M));

/** The server's own refusal ('This game is not in your wishlist'…), or null for any other failure (offline, a crash). */
function refusalOf(error: string | undefined): string | null {
  return error !== undefined && KNOWN_REFUSALS.has(error) ? error : null;
}

/**
 * The tab's address with each list's page (page 1 left out), landing on the list that was paged. Plain
 * links: paging works without JavaScript, and paging one list keeps the other's page.
 */
function pageHref(pages: Record<ListKind, number>, kind: ListKind): string {
  const q = new URLSearchParams({ tab: "playlist" });
  if (pages.collection > 1) q.set("collectionPage", String(pages.collection));
  if (pages.wishlist > 1) q.set("wishlistPage", String(pages.wishlist));
  return `?${q.toString()}#${kind}-heading`;
}

/** Collection and wishlist grids, 36 games a page each; the owner can remove entries, add games and set wishlist priority. */
export function WantToPlayTabView({ data, isOwner }: { data: WantToPlayTab; isOwner: boolean }) {
  const [picker, setPicker] = useState<ListKind | null>(null);
  const revalidator = useRevalidator();

  // The picker lists catalogue games: each is named by its internal id, with or without an IGDB id.
  const onPick = async (kind: ListKind, gameId: number): Promise<boolean> => {
    try {
      const r = await postList({ intent: kind === "collection" ? "add_to_collection" : "add_to_wishlist", gameId: String(gameId) });
      if (!r.ok) {
        toast.error(
          r.error?.startsWith("Cannot ")
            ? M.pickerProgressed
            : r.status === 404
              ? M.pickerAddToDatabaseFailed
              : (r.error ?? M.pickerAddFailed),
        );
        return false;
      }
      await revalidator.revalidate();
      return true;
    } catch {
      toast.error(M.pickerProcessFailed);
      return false;
    }
  };

  if (data.error)
    return (
      <p role="alert" className="text-bad">
        {data.error}
      </p>
    );
  return (
    <div className="space-y-10">
      <NoScriptRefusal />
      {(["collection", "wishlist"] as const).map((kind) => {
        const list: ListPage<TabGame & { priority?: number }> = data[kind];
        const games = list.games;
        const pages = { collection: data.collection.page, wishlist: data.wishlist.page };
        return (
          <section key={kind} aria-labelledby={`${kind}-heading`}>
            <h2 id={`${kind}-heading`} className="scroll-mt-20 text-lg font-bold text-ink-strong">
              {LIST_LABEL[kind]} <span className="text-sm font-normal text-muted">({list.total})</span>
            </h2>
            {list.total === 0 && <p className="mt-2 text-muted">{isOwner ? EMPTY_TEXT[kind].owner : EMPTY_TEXT[kind].visitor}</p>}
            <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6" data-testid={`${kind}-grid`}>
              {games.map((g) => (
                <ListTile
                  key={g.gameId}
                  kind={kind}
                  game={g}
                  priority={kind === "wishlist" ? (g.priority ?? null) : null}
                  isOwner={isOwner}
                />
              ))}
              {isOwner && (
                <li>
                  <button
                    type="button"
                    onClick={() => setPicker(kind)}
                    className="flex aspect-[264/374] w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-line text-sm font-semibold text-muted hover:border-accent hover:text-ink focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
                  >
                    <Plus aria-hidden="true" className="size-6" />
                    Add Games
                  </button>
                </li>
              )}
            </ul>
            <ListPager kind={kind} page={list.page} pageCount={list.pageCount} hrefFor={(p) => pageHref({ ...pages, [kind]: p }, kind)} />
          </section>
        );
      })}
      {isOwner && (
        <GamePicker
          open={picker !== null}
          onOpenChange={(o) => !o && setPicker(null)}
          mode={picker ?? "collection"}
          onPick={(g) => onPick(picker ?? "collection", g.gameId)}
        />
      )}
    </div>
  );
}

const pagerLink =
  "rounded-lg border border-line px-3 py-1.5 font-semibold text-ink hover:border-accent/60 hover:text-ink-strong focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none";

/** Previous / 'Page X of Y' / Next under a list's grid; nothing when the list fits on one page. */
function ListPager({
  kind,
  page,
  pageCount,
  hrefFor,
}: {
  kind: ListKind;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={`${LIST_LABEL[kind]} pages`}
      className="mt-4 flex items-center justify-between gap-3 text-sm"
      data-testid={`${kind}-pager`}
    >
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" aria-label={`Previous ${kind} page`} className={pagerLink}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" aria-label={`Next ${kind} page`} className={pagerLink}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A refusal of a plain form post (no JavaScript): the server comes back here with ?listError=. */
function NoScriptRefusal() {
  const [params] = useSearchParams();
  const message = listErrorMessage(params.get("listError"));
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-bad/40 bg-bad/10 p-3 text-sm font-semibold text-ink-strong"
      data-testid="list-error"
    >
      {message}
    </p>
  );
}

type ListAnswer = { ok: true } | { ok: false; error?: string };

function ListTile({ kind, game, priority, isOwner }: { kind: ListKind; game: TabGame; priority: number | null; isOwner: boolean }) {
  // Plain forms posting to /api/lists (they work without JavaScript); with it, each change shows at
  // once and, when it fails, the tile comes back as it was and a toast says why.
  const remover = useJsonAction<ListAnswer>();
  const prioritizer = useJsonAction<ListAnswer>();
  const location = useLocation();
  const redirectTo = location.pathname + location.search;

  useEffect(() => {
    const answer = remover.data;
    if (remover.state === "idle" && answer && !answer.ok) toast.error(refusalOf(answer.error) ?? M.failedRemove);
  }, [remover.state, remover.data]);
  useEffect(() => {
    const answer = prioritizer.data;
    if (prioritizer.state === "idle" && answer && !answer.ok)
      toast.error(failedToUpdateWishlist(refusalOf(answer.error) ?? "Please try again."));
  }, [prioritizer.state, prioritizer.data]);

  // Gone while its removal is on its way; back (with the toast) if the removal fails.
  if (remover.state !== "idle") return null;
  const pendingPriority = prioritizer.state !== "idle" ? prioritizer.formData?.get("priority") : null;
  const shownPriority = pendingPriority != null ? Number(pendingPriority) : priority;

  const submitWith = (action: typeof remover) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (action.state !== "idle") return;
    void action.submit(new FormData(e.currentTarget), { action: "/api/lists" });
  };

  return (
    <li className="group relative">
      <Link
        to={`/game/${game.slug}`}
        className="block rounded-lg focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
      >
        <GameCover name={game.name} coverUrl={game.coverUrl} year={game.year} width={150} className="w-full" />
        <span className="mt-1 block truncate text-sm">{game.name}</span>
      </Link>
      {kind === "wishlist" && shownPriority !== null && !isOwner && (
        <span className="text-xs text-muted">Priority: {PRIORITY_LABELS[shownPriority as 0 | 1 | 2]}</span>
      )}
      {isOwner && (
        <>
          {kind === "wishlist" && (
            <form method="post" action="/api/lists" className="mt-1 flex gap-1" onSubmit={submitWith(prioritizer)}>
              <input type="hidden" name="intent" value="set_priority" />
              <input type="hidden" name="gameId" value={game.gameId} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <label className="sr-only" htmlFor={`priority-${game.gameId}`}>
                Priority of {game.name}
              </label>
              <select
                id={`priority-${game.gameId}`}
                name="priority"
                value={String(shownPriority ?? 1)}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
                className="min-h-8 w-full rounded border border-line bg-surface px-1 py-1 text-xs"
              >
                {Object.entries(PRIORITY_LABELS).map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
              <noscript>
                <button type="submit" className="rounded border border-line px-1.5 text-xs font-semibold">
                  Save<span className="sr-only"> priority of {game.name}</span>
                </button>
              </noscript>
            </form>
          )}
          <form method="post" action="/api/lists" className="absolute top-1 right-1" onSubmit={submitWith(remover)}>
            <input type="hidden" name="intent" value={kind === "wishlist" ? "remove_from_wishlist" : "remove_from_collection"} />
            <input type="hidden" name="gameId" value={game.gameId} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              aria-label={`Remove ${game.name} from your ${kind}`}
              className="grid size-8 place-items-center rounded-full bg-page/85 text-ink hover:bg-bad hover:text-white focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </form>
        </>
      )}
    </li>
  );
}

import { BookmarkPlus, Check, Flag, Library, Play } from "~/components/ui/icons";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import { useJsonAction } from "~/lib/use-json-action";
import { registerPendingActionHandler, requireSignIn, type PendingActionType } from "~/lib/pending-action";
import { controlLabels, nextListState, type ListState } from "~/modules/lists/list-state";
import {
  failedToMarkCompleted,
  failedToMarkStarted,
  failedToUpdateCollection,
  failedToUpdateWishlist,
  LISTS_MESSAGES as M,
  listErrorMessage,
  PRIORITY_LABELS,
} from "~/modules/lists/lists.messages";
import type { ListIntent } from "~/modules/lists/lists.schema";

type ActionData = { ok: true; state: ListState } | { ok: false; error: string };

const EMPTY: ListState = { inWishlist: false, wishlistPriority: null, inCollection: false, started: false, completed: false };

/** What a pending action (remembered while signed out) does once the user is signed in. */
const PENDING_INTENT: Record<Exclude<PendingActionType, "write_review" | "like_review" | "reply_comment">, ListIntent> = {
  mark_started: "mark_started",
  mark_completed: "mark_completed",
  toggle_wishlist: "add_to_wishlist",
  toggle_collection: "add_to_collection",
};

/** The toast for a failed change: refusals as the server words them, other failures prefixed. */
function failureText(intent: ListIntent, answer: string | undefined): string {
  // An answer without a message (a proxy's error page, a dropped connection) still gets the intent's text.
  const error = typeof answer === "string" ? answer : "";
  if (error.startsWith("Cannot ") || error === M.unauthenticated || error === M.missingIgdbId || error === M.gameNotInDatabase)
    return error;
  if (intent === "mark_started") return failedToMarkStarted(error);
  if (intent === "mark_completed") return failedToMarkCompleted(error);
  if (intent.startsWith("move_")) return M.failedMove;
  if (intent.includes("wishlist") || intent === "set_priority") return failedToUpdateWishlist(error);
  return failedToUpdateCollection(error);
}

const buttonBase =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none disabled:cursor-not-allowed";
const idle = "border-line bg-surface/70 text-ink hover:bg-surface-2 disabled:opacity-50";
const active = "border-accent/60 bg-accent/20 text-accent-strong hover:bg-accent/30 disabled:hover:bg-accent/20";

export interface GameControlsGame {
  id: number;
  name: string;
}

/**
 * Wishlist, collection and progress buttons of the game page. Each is a small form posting to
 * /api/lists, so it works without JavaScript; with it, the change shows at once and rolls back with a
 * toast when refused. Visitors' clicks open the sign-in dialog and run once signed in.
 */
export function GameControls({ game, state }: { game: GameControlsGame; state: ListState | null }) {
  const fetcher = useJsonAction<ActionData>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const lastIntent = useRef<ListIntent>("add_to_wishlist");
  const hydrated = useHydrated();
  const signedIn = state !== null;
  // Every action names the game by its internal id (`gameId`), with or without an IGDB id; the API
  // also takes the spec's `igdbId`, but the page knows the game and never needs it.
  const gameId = game.id;

  // The optimistic state while a change is on its way; when it fails, the loader's state shows again.
  const pendingIntent = fetcher.formData?.get("intent") as ListIntent | undefined;
  const pendingPriority = fetcher.formData?.get("priority");
  const shown =
    state && pendingIntent && fetcher.state !== "idle"
      ? nextListState(state, pendingIntent, pendingPriority == null ? undefined : Number(pendingPriority))
      : (state ?? EMPTY);
  const labels = controlLabels(shown);

  const submit = (intent: ListIntent, target: { gameId: number } | { igdbId: number }, extra: Record<string, string> = {}) => {
    lastIntent.current = intent;
    const key: Record<string, string> = "gameId" in target ? { gameId: String(target.gameId) } : { igdbId: String(target.igdbId) };
    void fetcher.submit({ intent, ...key, ...extra }, { action: "/api/lists" });
  };

  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "idle" && data && !data.ok) toast.error(failureText(lastIntent.current, data.error));
  }, [fetcher.state, fetcher.data]);

  // After sign-in, the remembered action runs once (for the game it was about).
  useEffect(() => {
    const off = (Object.keys(PENDING_INTENT) as (keyof typeof PENDING_INTENT)[]).map((type) =>
      registerPendingActionHandler(type, (action) => {
        // An action remembered by an older page carries the IGDB id (its gameId was that same IGDB id);
        // one remembered now carries the internal id as gameId and no igdbId. Never one read as the other.
        if (action.igdbId !== undefined) submitRef.current(PENDING_INTENT[type], { igdbId: action.igdbId });
        else if (typeof action.gameId === "number") submitRef.current(PENDING_INTENT[type], { gameId: action.gameId });
      }),
    );
    return () => off.forEach((f) => f());
  }, []);

  const noJsError = listErrorMessage(searchParams.get("listError"));
  const redirectTo = location.pathname;

  const onSubmit = (intent: ListIntent, pending: PendingActionType | null) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!signedIn) {
      if (pending) requireSignIn({ type: pending, gameId });
      return;
    }
    const extra: Record<string, string> = {};
    const priority = new FormData(e.currentTarget).get("priority");
    if (typeof priority === "string") extra.priority = priority;
    submit(intent, { gameId }, extra);
  };

  const control = (
    intent: ListIntent,
    pending: PendingActionType,
    label: string,
    on: boolean,
    disabled: boolean,
    icon: ReactNode,
    testId: string,
  ) => (
    <form method="post" action="/api/lists" onSubmit={onSubmit(intent, pending)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="gameId" value={gameId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        data-testid={testId}
        disabled={signedIn && disabled}
        aria-pressed={signedIn ? on : undefined}
        className={`${buttonBase} w-full ${on ? active : idle}`}
      >
        {on ? <Check aria-hidden="true" className="size-4" /> : icon}
        {label}
      </button>
    </form>
  );

  return (
    <section aria-label="Your lists and progress" className="mx-auto max-w-6xl px-4 pt-6 lg:px-6">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:gap-3">
        {control(
          shown.inWishlist ? "remove_from_wishlist" : "add_to_wishlist",
          "toggle_wishlist",
          labels.wishlist.label,
          shown.inWishlist,
          labels.wishlist.disabled,
          <BookmarkPlus aria-hidden="true" className="size-4" />,
          "wishlist-button",
        )}
        {control(
          shown.inCollection ? "remove_from_collection" : "add_to_collection",
          "toggle_collection",
          labels.collection.label,
          shown.inCollection,
          labels.collection.disabled,
          <Library aria-hidden="true" className="size-4" />,
          "collection-button",
        )}
        {control(
          "mark_started",
          "mark_started",
          labels.started.label,
          shown.started,
          labels.started.disabled,
          <Play aria-hidden="true" className="size-4" />,
          "started-button",
        )}
        {control(
          "mark_completed",
          "mark_completed",
          labels.finished.label,
          shown.completed,
          labels.finished.disabled,
          <Flag aria-hidden="true" className="size-4" />,
          "finished-button",
        )}
      </div>
      {signedIn && shown.inWishlist && (
        <form method="post" action="/api/lists" onSubmit={onSubmit("set_priority", null)} className="mt-3 flex items-center gap-2 text-sm">
          <input type="hidden" name="intent" value="set_priority" />
          <input type="hidden" name="gameId" value={gameId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <label htmlFor="wishlist-priority" className="text-muted">
            Wishlist priority
          </label>
          <select
            id="wishlist-priority"
            name="priority"
            value={String(shown.wishlistPriority ?? 1)}
            onChange={(e) => submit("set_priority", { gameId }, { priority: e.currentTarget.value })}
            className="rounded-md border border-line bg-surface px-2 py-1 text-ink focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            {Object.entries(PRIORITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {!hydrated && (
            <button type="submit" className="rounded-md border border-line px-2 py-1 hover:bg-surface-2">
              Save
            </button>
          )}
        </form>
      )}
      {noJsError && (
        <p role="alert" className="mt-3 text-sm text-bad">
          {noJsError}
        </p>
      )}
    </section>
  );
}

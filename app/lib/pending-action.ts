/**
 * Pending actions after sign-in: the button pressed while signed out runs once signed in.
 *
 * A feature button pressed while signed out calls `requireSignIn({ type, gameId })`:
 * the action is remembered in sessionStorage (this tab only) and the auth modal
 * opens. Once the user is signed in (sign-in, or sign-up followed by e-mail
 * verification) the auth provider activates this module, which runs the
 * registered handler for the action once and forgets it. An action older than
 * 30 minutes is dropped instead of run.
 *
 * Features register what their action does with
 * `registerPendingActionHandler(type, fn)`; a stored action without a handler
 * waits (until it goes stale) for its handler to be registered.
 */

export const PENDING_ACTION_TYPES = [
  "mark_started",
  "mark_completed",
  "toggle_wishlist",
  "toggle_collection",
  "write_review",
  "like_review",
  "reply_comment",
] as const;
export type PendingActionType = (typeof PENDING_ACTION_TYPES)[number];

export interface PendingAction {
  type: PendingActionType;
  /**
   * What the action is about: the game (as the feature's route names it: the game id used in URLs);
   * for like_review the review id, for reply_comment the comment id.
   */
  gameId: number | string;
  igdbId?: number;
  /** Epoch milliseconds when the action was remembered. */
  createdAt: number;
}

export type PendingActionInput = Omit<PendingAction, "createdAt">;

export interface PendingActionContext {
  /** Client-side navigation (React Router's navigate). */
  navigate: (to: string) => void;
}

export type PendingActionHandler = (action: PendingAction, context: PendingActionContext) => void | Promise<void>;

export type AuthModalMode = "login" | "signup" | "reset";

export const PENDING_ACTION_KEY = "savepoint:pending-action";
export const PENDING_ACTION_TTL_MS = 30 * 60 * 1000;

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** sessionStorage when there is one (browser), else null (server, private modes that throw). */
function storage(): StorageLike | null {
  try {
    const s = (globalThis as { sessionStorage?: StorageLike }).sessionStorage;
    return s ?? null;
  } catch {
    return null;
  }
}

function isPendingAction(value: unknown): value is PendingAction {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.type === "string" &&
    (PENDING_ACTION_TYPES as readonly string[]).includes(v.type) &&
    ((typeof v.gameId === "number" && Number.isFinite(v.gameId)) || (typeof v.gameId === "string" && v.gameId !== "")) &&
    (v.igdbId === undefined || (typeof v.igdbId === "number" && Number.isFinite(v.igdbId))) &&
    typeof v.createdAt === "number" &&
    Number.isFinite(v.createdAt)
  );
}

/** Remembers the action (replacing any earlier one). */
export function savePendingAction(input: PendingActionInput, now: number = Date.now()): PendingAction {
  const action: PendingAction = { type: input.type, gameId: input.gameId, createdAt: now };
  if (input.igdbId !== undefined) action.igdbId = input.igdbId;
  try {
    storage()?.setItem(PENDING_ACTION_KEY, JSON.stringify(action));
  } catch {
    // Storage full or blocked: the action is simply not remembered.
  }
  return action;
}

/** The remembered action if it is well-formed and fresh; stale or broken entries are removed. */
export function readPendingAction(now: number = Date.now()): PendingAction | null {
  const s = storage();
  if (!s) return null;
  let raw: string | null;
  try {
    raw = s.getItem(PENDING_ACTION_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const age = isPendingAction(parsed) ? now - parsed.createdAt : Number.NaN;
  // A createdAt in the future (beyond a minute of clock skew) is as suspect as an old one.
  if (!isPendingAction(parsed) || !(age <= PENDING_ACTION_TTL_MS && age >= -60_000)) {
    clearPendingAction();
    return null;
  }
  return parsed;
}

export function clearPendingAction(): void {
  try {
    storage()?.removeItem(PENDING_ACTION_KEY);
  } catch {
    // nothing to clear
  }
}

const handlers = new Map<PendingActionType, PendingActionHandler>();
let activeContext: PendingActionContext | null = null;

/** Registers what a pending action of this type does once the user is signed in. Returns an unregister function. */
export function registerPendingActionHandler(type: PendingActionType, handler: PendingActionHandler): () => void {
  handlers.set(type, handler);
  // Signed in already with an action of this type waiting (e.g. its feature loaded late): run it now.
  if (activeContext) void runPendingAction(activeContext);
  return () => {
    if (handlers.get(type) === handler) handlers.delete(type);
  };
}

export type PendingActionOutcome = "none" | "unhandled" | "ran" | "failed";

/**
 * Runs the remembered action once: it is removed from storage before its
 * handler starts, so a second call (or a second tab event) never repeats it.
 * Without a registered handler the action stays remembered.
 */
export async function runPendingAction(context: PendingActionContext, now: number = Date.now()): Promise<PendingActionOutcome> {
  const action = readPendingAction(now);
  if (!action) return "none";
  const handler = handlers.get(action.type);
  if (!handler) return "unhandled";
  clearPendingAction();
  try {
    await handler(action, context);
    return "ran";
  } catch (error) {
    console.error("Pending action failed", action.type, error);
    return "failed";
  }
}

/**
 * Called by the auth provider: with a context when the user is signed in
 * (runs the waiting action, and any whose handler registers later), with null
 * when signed out.
 */
export function activatePendingActions(context: PendingActionContext | null): Promise<PendingActionOutcome> {
  activeContext = context;
  return context ? runPendingAction(context) : Promise.resolve("none");
}

type Opener = (mode: AuthModalMode) => void;
let opener: Opener | null = null;

/** The auth provider registers how to open the modal. Returns an unregister function. */
export function setAuthModalOpener(fn: Opener): () => void {
  opener = fn;
  return () => {
    if (opener === fn) opener = null;
  };
}

/**
 * For buttons that need an account, when signed out: remember the action and
 * open the sign-in modal (or, if the modal is not mounted, go to /login).
 */
export function requireSignIn(input: PendingActionInput): PendingAction {
  const action = savePendingAction(input);
  if (opener) opener("login");
  else if (typeof window !== "undefined") {
    const here = window.location.pathname + window.location.search;
    window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
  }
  return action;
}

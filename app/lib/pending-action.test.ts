import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  activatePendingActions,
  PENDING_ACTION_KEY,
  PENDING_ACTION_TTL_MS,
  readPendingAction,
  registerPendingActionHandler,
  requireSignIn,
  runPendingAction,
  savePendingAction,
  setAuthModalOpener,
  type PendingAction,
} from "./pending-action";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const T0 = Date.UTC(2024, 0, 15, 12, 0, 0);
let store: MemoryStorage;
const cleanups: (() => void)[] = [];
const ctx = { navigate: vi.fn<(to: string) => void>() };

beforeEach(() => {
  store = new MemoryStorage();
  vi.stubGlobal("sessionStorage", store);
  ctx.navigate.mockReset();
});

afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  await activatePendingActions(null);
  vi.unstubAllGlobals();
});

function register(...args: Parameters<typeof registerPendingActionHandler>) {
  cleanups.push(registerPendingActionHandler(...args));
}

describe("pending action store", () => {
  it("remembers the action with its creation time in sessionStorage", () => {
    savePendingAction({ type: "toggle_wishlist", gameId: 42, igdbId: 1020 }, T0);
    expect(JSON.parse(store.getItem(PENDING_ACTION_KEY)!)).toEqual({ type: "toggle_wishlist", gameId: 42, igdbId: 1020, createdAt: T0 });
    expect(readPendingAction(T0 + 1000)).toEqual({ type: "toggle_wishlist", gameId: 42, igdbId: 1020, createdAt: T0 });
  });

  it("a newer action replaces the older one", () => {
    savePendingAction({ type: "mark_started", gameId: 1 }, T0);
    savePendingAction({ type: "mark_completed", gameId: 2 }, T0 + 10);
    expect(readPendingAction(T0 + 20)).toMatchObject({ type: "mark_completed", gameId: 2 });
  });

  it("is fresh for 30 minutes and removed once stale", () => {
    savePendingAction({ type: "mark_started", gameId: 7 }, T0);
    expect(readPendingAction(T0 + PENDING_ACTION_TTL_MS)).not.toBeNull();
    expect(readPendingAction(T0 + PENDING_ACTION_TTL_MS + 1)).toBeNull();
    expect(store.getItem(PENDING_ACTION_KEY)).toBeNull();
    // Gone for good, even if the clock went back.
    expect(readPendingAction(T0)).toBeNull();
  });

  it("drops broken entries: bad JSON, unknown type, missing game, a time far in the future", () => {
    for (const raw of [
      "{not json",
      JSON.stringify({ type: "delete_everything", gameId: 1, createdAt: T0 }),
      JSON.stringify({ type: "mark_started", gameId: "", createdAt: T0 }),
      JSON.stringify({ type: "mark_started", createdAt: T0 }),
      JSON.stringify({ type: "mark_started", gameId: 1, createdAt: T0 + 10 * 60_000 }),
    ]) {
      store.setItem(PENDING_ACTION_KEY, raw);
      expect(readPendingAction(T0)).toBeNull();
      expect(store.getItem(PENDING_ACTION_KEY)).toBeNull();
    }
  });

  it("returns nothing when there is no storage (server rendering)", () => {
    vi.stubGlobal("sessionStorage", undefined);
    expect(savePendingAction({ type: "write_review", gameId: 3 }, T0)).toMatchObject({ type: "write_review" });
    expect(readPendingAction(T0)).toBeNull();
  });
});

describe("running a pending action", () => {
  it("runs the registered handler once and forgets the action", async () => {
    const seen: PendingAction[] = [];
    register("write_review", (a, c) => {
      seen.push(a);
      c.navigate(`/review/${a.gameId}`);
    });
    savePendingAction({ type: "write_review", gameId: 99 }, T0);

    const [first, second] = await Promise.all([runPendingAction(ctx, T0 + 5), runPendingAction(ctx, T0 + 5)]);
    expect([first, second].sort()).toEqual(["none", "ran"]);
    expect(await runPendingAction(ctx, T0 + 10)).toBe("none");
    expect(seen).toHaveLength(1);
    expect(ctx.navigate).toHaveBeenCalledExactlyOnceWith("/review/99");
    expect(store.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it("never runs a stale action", async () => {
    const handler = vi.fn();
    register("mark_completed", handler);
    savePendingAction({ type: "mark_completed", gameId: 5 }, T0);
    expect(await runPendingAction(ctx, T0 + PENDING_ACTION_TTL_MS + 1)).toBe("none");
    expect(handler).not.toHaveBeenCalled();
  });

  it("keeps an action without a handler until one registers while signed in", async () => {
    savePendingAction({ type: "toggle_collection", gameId: 8 }, Date.now());
    expect(await runPendingAction(ctx)).toBe("unhandled");
    expect(store.getItem(PENDING_ACTION_KEY)).not.toBeNull();

    expect(await activatePendingActions(ctx)).toBe("unhandled");
    const handler = vi.fn();
    register("toggle_collection", handler);
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(handler.mock.calls[0]?.[0]).toMatchObject({ type: "toggle_collection", gameId: 8 });
    expect(store.getItem(PENDING_ACTION_KEY)).toBeNull();
  });

  it("does not run on registration while signed out", async () => {
    await activatePendingActions(null);
    savePendingAction({ type: "mark_started", gameId: 4 }, Date.now());
    const handler = vi.fn();
    register("mark_started", handler);
    await new Promise((r) => setTimeout(r, 0));
    expect(handler).not.toHaveBeenCalled();
    expect(await activatePendingActions(ctx)).toBe("ran");
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("a failing handler is reported and not retried", async () => {
    const handler = vi.fn(() => Promise.reject(new Error("network down")));
    register("toggle_wishlist", handler);
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    savePendingAction({ type: "toggle_wishlist", gameId: 2 }, T0);
    expect(await runPendingAction(ctx, T0 + 1)).toBe("failed");
    expect(await runPendingAction(ctx, T0 + 2)).toBe("none");
    expect(handler).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it("an unregistered handler no longer runs", async () => {
    const handler = vi.fn();
    const unregister = registerPendingActionHandler("mark_started", handler);
    unregister();
    savePendingAction({ type: "mark_started", gameId: 1 }, T0);
    expect(await runPendingAction(ctx, T0)).toBe("unhandled");
  });
});

describe("requireSignIn", () => {
  it("remembers the action and opens the modal in login mode", () => {
    const open = vi.fn();
    cleanups.push(setAuthModalOpener(open));
    const action = requireSignIn({ type: "mark_started", gameId: 12, igdbId: 345 });
    expect(open).toHaveBeenCalledExactlyOnceWith("login");
    expect(readPendingAction(action.createdAt)).toEqual({ type: "mark_started", gameId: 12, igdbId: 345, createdAt: action.createdAt });
  });
});

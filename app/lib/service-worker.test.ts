import { describe, expect, it } from "vitest";
import { registerServiceWorker, SERVICE_WORKER_URL, UPDATE_CHECK_INTERVAL_MS, type ServiceWorkerEnvironment } from "./service-worker";

/** A browser stand-in: a service worker container whose controller can be changed by the test. */
function browser(opts: { controlled: boolean; activeRegistration?: boolean }) {
  const listeners: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const registered: { url: string; options: RegistrationOptions | undefined }[] = [];
  let reloads = 0;
  let updates = 0;
  let online = true;
  const registration = {
    update: () => {
      updates += 1;
      return Promise.resolve(registration);
    },
  } as unknown as ServiceWorkerRegistration;
  const container = {
    controller: opts.controlled ? ({} as ServiceWorker) : null,
    register: (url: string | URL, options?: RegistrationOptions) => {
      registered.push({ url: String(url), options });
      return Promise.resolve(registration);
    },
    getRegistration: () => Promise.resolve(opts.activeRegistration ? ({ active: {} } as unknown as ServiceWorkerRegistration) : undefined),
    addEventListener: (type: string, listener: () => void) => {
      if (type === "controllerchange") listeners.push(listener);
    },
  };
  const env: ServiceWorkerEnvironment = {
    serviceWorker: container as unknown as ServiceWorkerEnvironment["serviceWorker"],
    reload: () => void (reloads += 1),
    setInterval: (callback, ms) => timers.push({ callback, ms }),
    isOnline: () => online,
  };
  return {
    env,
    registered,
    timers,
    /** A new worker takes control of the page (clients.claim()). */
    controllerChange: () => listeners.forEach((l) => l()),
    goOffline: () => void (online = false),
    get reloads() {
      return reloads;
    },
    get updates() {
      return updates;
    },
  };
}

describe("service worker registration", () => {
  it("registers /sw.js for the whole site, revalidating the script on every check", async () => {
    const b = browser({ controlled: false });
    await registerServiceWorker(b.env);
    expect(b.registered).toEqual([{ url: SERVICE_WORKER_URL, options: { scope: "/", updateViaCache: "none" } }]);
  });

  it("checks for updates every 60 s, skipping checks while offline", async () => {
    const b = browser({ controlled: true });
    await registerServiceWorker(b.env);
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(60_000);
    expect(b.timers).toHaveLength(1);
    expect(b.timers[0]!.ms).toBe(60_000);
    b.timers[0]!.callback();
    b.timers[0]!.callback();
    expect(b.updates).toBe(2);
    b.goOffline();
    b.timers[0]!.callback();
    expect(b.updates).toBe(2);
  });

  it("a controlled page reloads once when a new worker takes over", async () => {
    const b = browser({ controlled: true });
    await registerServiceWorker(b.env);
    expect(b.reloads).toBe(0);
    b.controllerChange();
    expect(b.reloads).toBe(1);
    b.controllerChange();
    expect(b.reloads).toBe(1);
  });

  it("does not reload on the first install (the page had no worker before), but does on the next update", async () => {
    const b = browser({ controlled: false });
    await registerServiceWorker(b.env);
    b.controllerChange(); // the first worker claims the page
    expect(b.reloads).toBe(0);
    b.controllerChange(); // a later build replaces it
    expect(b.reloads).toBe(1);
  });

  it("a page opened without a controller while a worker is active (Shift+Reload) still reloads on an update", async () => {
    const b = browser({ controlled: false, activeRegistration: true });
    await registerServiceWorker(b.env);
    b.controllerChange();
    expect(b.reloads).toBe(1);
  });
});

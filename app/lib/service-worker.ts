/**
 * Service worker registration (registered on
 * load, checked for updates every 60 s, the page reloads once when the
 * controller changes). The worker itself is /sw.js (server/service-worker.ts).
 */

/** The service worker's update check runs every 60 s. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

export const SERVICE_WORKER_URL = "/sw.js";

/** The parts of the browser the registration uses; tests pass stand-ins. */
export interface ServiceWorkerEnvironment {
  serviceWorker: Pick<ServiceWorkerContainer, "controller" | "register" | "getRegistration" | "addEventListener">;
  reload: () => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  isOnline: () => boolean;
}

/**
 * Registers /sw.js and wires the update cycle. A new build's worker takes
 * over at once (skipWaiting + clients.claim), which changes the controller of
 * every open page: the page then reloads once, so it runs the new build's
 * code. Not on the first install: a page that had no worker before keeps
 * running when the first one claims it.
 */
export async function registerServiceWorker(env: ServiceWorkerEnvironment): Promise<ServiceWorkerRegistration> {
  const existing = await env.serviceWorker.getRegistration("/").catch(() => undefined);
  // A page opened with Shift+Reload has no controller although a worker is active: an update still replaces that worker.
  let hadWorker = env.serviceWorker.controller !== null || Boolean(existing?.active);
  let reloading = false;
  env.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadWorker) {
      hadWorker = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    env.reload();
  });

  // updateViaCache "none": the update check always reaches the server (which answers 304 while the build is the same).
  const registration = await env.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
  env.setInterval(() => {
    if (!env.isOnline()) return;
    registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
  return registration;
}

/** Called once from entry.client.tsx: registers after the page has loaded, in production builds of browsers that support it. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || typeof window === "undefined" || !("serviceWorker" in navigator)) return;
  const start = () => {
    registerServiceWorker({
      serviceWorker: navigator.serviceWorker,
      reload: () => window.location.reload(),
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      isOnline: () => navigator.onLine,
    }).catch((err: unknown) => console.warn("Service worker registration failed", err));
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "./use-hydrated";
import type * as SonnerModule from "sonner";

/**
 * Toasts without putting the toast library on every first load: it is fetched once the page has
 * hydrated (the Toaster) or when the first toast is raised, whichever comes first. Toasts only ever
 * follow a user's action, so the library is in place long before one is needed.
 */
type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import("sonner"));

// A toast raised before the Toaster has mounted would be lost: raising waits for it.
let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));
const ready = () => Promise.all([loadSonner(), mounted]).then(([s]) => s);

export const toast = {
  /** An error; `description` is a second line (e.g. the server's reason under what failed). */
  error(message: string, description?: string): void {
    void ready().then((s) => s.toast.error(message, description ? { description } : undefined));
  },
  success(message: string): void {
    void ready().then((s) => s.toast.success(message));
  },
};

const LazyToaster = lazy(() =>
  loadSonner().then((s) => ({
    default: function MountedToaster() {
      useEffect(() => toasterMounted(), []);
      return <s.Toaster theme="dark" position="bottom-right" visibleToasts={20} closeButton richColors />;
    },
  })),
);

/** The toast region, mounted after hydration (nothing to show before the page can act). */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

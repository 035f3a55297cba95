import { useSyncExternalStore } from "react";

/** Whether the media query matches; false during server rendering and hydration. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Phones: under 768 px. */
export const PHONE_QUERY = "(max-width: 767px)";

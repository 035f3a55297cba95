import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "./use-hydrated";

export { useHydrated };

/** Form building blocks shared by every page with a form: input and button styles, busy and hydration state, banners. */

export const inputClass =
  "h-11 w-full rounded-lg border border-line bg-page px-3 text-base text-ink-strong placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-accent/40 focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-red-500";

/** inputClass at a fixed width (`w-24`): with both in one class list the stylesheet's order picks, and w-full wins. */
export const fixedWidthInputClass = (width: string) => inputClass.replace("w-full", width);
export const primaryButtonClass =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2 text-center font-semibold text-white hover:bg-accent-hover focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-4 py-2 text-center font-semibold text-ink hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none";

/** True while this page's form is being submitted. */
export function useBusy(action?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return action === undefined || navigation.formAction?.split("?")[0] === action;
}

export function FormBanner({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  const styles =
    tone === "error" ? "border-red-500/40 bg-red-500/10 text-red-300" : "border-emerald-500/40 bg-emerald-500/10 text-emerald-300";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-lg border px-3 py-2 text-sm ${styles}`}>
      {children}
    </p>
  );
}

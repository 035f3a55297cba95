import { useRef } from "react";

/**
 * Focus back where it was when a dialog closes. Radix hands focus back to its Dialog.Trigger, and the
 * dialogs opened from state or from a ?dialog= link have none, so focus fell to <body> and a keyboard
 * user started again from the top of the page. `remember` in onOpenAutoFocus (it runs before focus moves
 * in), `onCloseAutoFocus` as is; `fallback` names where to go when the opener is gone (a removed tile).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus(event: Event) {
      const saved = opener.current;
      opener.current = null;
      const target = saved?.isConnected ? saved : fallback?.();
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

import { useEffect, type RefObject } from "react";

/**
 * Keyboard behaviour of a server-rendered dialog (one that also works without JavaScript, so not a
 * Radix dialog): when it opens, focus moves to `initial`; Escape closes it.
 */
export function useDialogKeys(initial: RefObject<HTMLElement | null>, onClose: () => void): void {
  useEffect(() => {
    initial.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [initial, onClose]);
}

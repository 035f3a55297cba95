import * as Dialog from "@radix-ui/react-dialog";
import { lazy, Suspense, useEffect, useRef } from "react";
import { LEGAL_TITLES, type LegalDocumentKind } from "./legal-titles";
import { DialogCloseButton } from "~/components/ui/dialog-close-button";
import { useReturnFocus } from "~/components/ui/use-return-focus";

export type { LegalDocumentKind };

// The documents are loaded on demand (kept out of the main bundle), starting as soon as the reader can be opened.
const loadBody = () => import("./legal-reader-body");
const LegalReaderBody = lazy(loadBody);

/**
 * The Terms of Service / Privacy Policy reader: a modal that
 * closes on Escape or a click on the backdrop, locks page scroll while open
 * (Radix), and has a table of contents whose links scroll inside the dialog.
 * Rendered inside another dialog it stacks on top of it; Escape closes only
 * the reader.
 */
export function LegalReaderDialog({
  document: kind,
  onOpenChange,
}: {
  document: LegalDocumentKind | null;
  onOpenChange: (open: boolean) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const doc = kind ? { kind, title: LEGAL_TITLES[kind] } : null;
  useEffect(() => {
    loadBody().catch(() => undefined); // prefetch; a failure shows when the reader opens
  }, []);

  const scrollTo = (anchorId: string) => {
    const target = scrollRef.current?.querySelector<HTMLElement>(`#${CSS.escape(anchorId)}`);
    if (!target) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
  };

  // Back to the Terms / Privacy link in the sign-up form that opened it.
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={doc !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="legal-reader-backdrop" className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={returnFocus.remember}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className="fixed inset-0 z-[60] flex flex-col bg-surface shadow-2xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:h-[min(85dvh,52rem)] sm:w-[min(92vw,44rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line"
        >
          {doc ? (
            <>
              <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4 sm:px-6">
                <Dialog.Title className="text-xl font-bold text-ink-strong">{doc.title}</Dialog.Title>
                <DialogCloseButton label={`Close ${doc.title}`} />
              </div>
              <div ref={scrollRef} className="flex-1 overflow-y-auto overscroll-contain px-5 pt-2 pb-8 sm:px-6">
                <Suspense
                  fallback={
                    <p role="status" className="py-6 text-muted">
                      Loading {doc.title}…
                    </p>
                  }
                >
                  <LegalReaderBody kind={doc.kind} onNavigate={scrollTo} />
                </Suspense>
              </div>
              <div className="border-t border-line px-5 py-3 sm:px-6">
                <Dialog.Close className="inline-flex h-10 w-full items-center justify-center rounded-lg border border-line px-4 font-semibold text-ink hover:bg-surface-2 sm:w-auto">
                  Close
                </Dialog.Close>
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

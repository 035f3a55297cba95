import * as Dialog from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icons";

/** The X in a dialog's title bar; `label` names what it closes ("Close settings"). */
export function DialogCloseButton({ label, className = "" }: { label: string; className?: string }) {
  return (
    <Dialog.Close
      className={`grid size-10 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink-strong ${className}`}
      aria-label={label}
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/components/ui/toast";
import { LevelOptions } from "~/components/privacy/level-options";
import { clearLocalData, postConsent, readLocalConsent, saveConsentChoice } from "~/components/privacy/consent-storage";
import { CONSENT_MESSAGES, CUSTOMIZE_DEFAULT_LEVEL, isTrackingLevel, RETENTION_DAYS, type TrackingLevel } from "~/lib/consent";
import { DialogCloseButton } from "~/components/ui/dialog-close-button";

interface AccountConsent {
  trackingLevel: TrackingLevel;
  analyticsOptedIn: boolean;
  /** The date of the account's last choice; null when only the browser knows it. */
  date: string | null;
}

type LoadState = { status: "loading" } | { status: "ready"; consent: AccountConsent | null } | { status: "error" };

export const LOCAL_DATA_CLEARED = "Local data cleared. A new session id was created.";

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

/**
 * The signed-in user's settings, a lazily loaded modal. Privacy
 * preferences: the tracking level (saved to the account with an audit entry), the date consent
 * was given, and 'Clear local data'. Mounted afresh for each opening (the header keys it), so it
 * starts in the loading state and reads the current choice.
 */
export default function UserSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [level, setLevel] = useState<TrackingLevel>(CUSTOMIZE_DEFAULT_LEVEL);
  const [busy, setBusy] = useState(false);
  // The dialog has no Radix Trigger (the account menu and the side panel open it), so Radix would
  // drop focus on the page body when it closes: hand it back to the control it was opened from.
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    fetch("/api/consent", { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((res) => (res.ok ? (res.json() as Promise<{ consent: Record<string, unknown> | null }>) : Promise.reject(new Error())))
      .then(({ consent }) => {
        if (cancelled) return;
        const local = readLocalConsent();
        const server =
          consent && isTrackingLevel(consent.trackingLevel)
            ? {
                trackingLevel: consent.trackingLevel,
                analyticsOptedIn: consent.analyticsOptedIn === true,
                // The account's date; before the account has a record (the page-load sync has not saved
                // the browser's choice yet), the date of this browser's choice.
                date:
                  consent.source === "account" && typeof consent.timestamp === "string" ? consent.timestamp : (local?.timestamp ?? null),
              }
            : null;
        const shown =
          server ??
          (local ? { trackingLevel: local.trackingLevel, analyticsOptedIn: local.analyticsOptedIn, date: local.timestamp } : null);
        setState({ status: "ready", consent: shown });
        if (shown) setLevel(shown.analyticsOptedIn ? shown.trackingLevel : "none");
      })
      .catch(() => {
        if (!cancelled) setState({ status: "error" });
      });
    return () => {
      cancelled = true;
    };
  }, [open]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await saveConsentChoice("save", level);
    setBusy(false);
    if (!r.success) {
      toast.error(r.error);
      return;
    }
    toast.success(CONSENT_MESSAGES.saved);
    setState({
      status: "ready",
      consent: { trackingLevel: r.record.trackingLevel, analyticsOptedIn: r.record.analyticsOptedIn, date: r.consentDate },
    });
  };

  const clear = async () => {
    setBusy(true);
    clearLocalData();
    await postConsent({ intent: "clear" });
    setBusy(false);
    toast.success(LOCAL_DATA_CLEARED);
  };

  const consent = state.status === "ready" ? state.consent : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={`${id}-description`}
          onOpenAutoFocus={() => {
            // Called before focus moves in: what has focus now is where it goes back to.
            const active = document.activeElement;
            returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(e) => {
            const target = returnFocus.current;
            if (!target?.isConnected) return;
            e.preventDefault();
            target.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-surface shadow-2xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(92vw,36rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4 sm:px-6">
            <Dialog.Title className="text-xl font-bold text-ink-strong">Settings</Dialog.Title>
            <DialogCloseButton label="Close settings" />
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain px-5 py-5 sm:px-6">
            <section aria-labelledby={`${id}-privacy`}>
              <h3 id={`${id}-privacy`} className="text-lg font-semibold text-ink-strong">
                Privacy preferences
              </h3>
              <p id={`${id}-description`} className="mt-1 text-sm text-muted">
                Choose what Savepoint may record about your visits. Data is kept for {RETENTION_DAYS} days only.
              </p>
              <p className="mt-3 text-sm text-ink" data-testid="consent-date" aria-live="polite">
                {state.status === "loading"
                  ? "Loading your preferences..."
                  : state.status === "error"
                    ? "Your saved preferences could not be loaded."
                    : consent?.date
                      ? `${consent.analyticsOptedIn ? "Consent given on" : "Consent withdrawn on"} ${formatDate(consent.date)}.`
                      : "You have not made a choice yet."}
              </p>
              <form onSubmit={(e) => void save(e)} className="mt-4">
                <LevelOptions idPrefix={`${id}-level`} value={level} onChange={setLevel} disabled={busy || state.status === "loading"} />
                <button
                  type="submit"
                  disabled={busy || state.status === "loading"}
                  className="mt-4 inline-flex h-10 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-hover disabled:opacity-60"
                >
                  Save Preferences
                </button>
              </form>
              <div className="mt-6 rounded-lg border border-line p-4">
                <h4 className="text-sm font-semibold text-ink-strong">Local data</h4>
                <p className="mt-1 text-sm text-muted">
                  Removes the choice, the random session id and the banner note kept in this browser, and starts a new session id. Your
                  account keeps its choice.
                </p>
                <button
                  type="button"
                  onClick={() => void clear()}
                  disabled={busy}
                  className="mt-3 inline-flex h-10 items-center justify-center rounded-lg border border-line px-4 text-sm font-semibold text-ink hover:bg-surface-2 disabled:opacity-60"
                >
                  Clear local data
                </button>
              </div>
            </section>
            <section aria-labelledby={`${id}-account`} className="mt-8 border-t border-line pt-5">
              <h3 id={`${id}-account`} className="text-lg font-semibold text-ink-strong">
                Account
              </h3>
              <Link
                to="/account/password"
                onClick={() => onOpenChange(false)}
                className="mt-3 mr-3 inline-flex h-10 items-center justify-center rounded-lg border border-line px-4 text-sm font-semibold text-ink hover:bg-surface-2"
              >
                Change password
              </Link>
              <Link
                to="/account/delete"
                onClick={() => onOpenChange(false)}
                className="mt-3 inline-flex h-10 items-center justify-center rounded-lg border border-red-500/50 px-4 text-sm font-semibold text-red-300 hover:bg-red-500/10"
              >
                Delete Account
              </Link>
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

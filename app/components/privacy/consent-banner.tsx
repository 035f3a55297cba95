import { Shield, X } from "~/components/ui/icons";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  BANNER_CLOSE_DELAY_MS,
  BANNER_DELAY_MS,
  consentCookieValue,
  CONSENT_MESSAGES,
  CUSTOMIZE_DEFAULT_LEVEL,
  planConsentSync,
  RETENTION_DAYS,
  type ConsentIntent,
  type ServerConsentRef,
  type TrackingLevel,
} from "~/lib/consent";
import {
  CONSENT_CHANGED_EVENT,
  isBannerShown,
  markBannerShown,
  readLocalConsent,
  saveConsentChoice,
  STORAGE_KEYS,
  syncLocalToServer,
  writeLocalConsent,
} from "./consent-storage";
import { LevelOptions } from "./level-options";
import { useNavigationTracker } from "./navigation-tracker";

/** What the root loader knows: the account's record for a signed-in user, else the consent cookie. */
export type ServerConsentView = ServerConsentRef;

const TITLE = "Your privacy choices";
const TEXT =
  "Savepoint can record which game pages you view, how you got there and your country, to learn what players look for. Nothing is recorded unless you agree, and you can change your mind at any time.";
const RETENTION = `Data is kept for ${RETENTION_DAYS} days only.`;

const primary =
  "inline-flex h-10 items-center justify-center rounded-lg bg-accent px-4 text-sm font-semibold text-white hover:bg-accent-hover disabled:opacity-60";
const secondary =
  "inline-flex h-10 items-center justify-center rounded-lg border border-line px-4 text-sm font-semibold text-ink hover:bg-surface-2 disabled:opacity-60";
const panel =
  "fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto border-t border-line bg-surface p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[28rem] sm:rounded-2xl sm:border";

/**
 * The consent banner, mounted once in the root layout.
 * - Keeps the local record in step with the server (planConsentSync): for a signed-in user the
 *   account's record wins and is copied locally; without one, the local record is sent to the
 *   account. For a signed-out visitor the local record and the consent cookie follow each other.
 * - Appears 1 s after load when the shown flag or the local record is missing.
 * - Without JavaScript, <NoScriptConsentBanner> renders the same choices as a plain form.
 */
export function ConsentBanner({ serverConsent, signedIn }: { serverConsent: ServerConsentView | null; signedIn: boolean }) {
  useNavigationTracker();
  const [visible, setVisible] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [level, setLevel] = useState<TrackingLevel>(CUSTOMIZE_DEFAULT_LEVEL);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ownSave = useRef(false);
  const id = useId();

  const serverSource = serverConsent?.source ?? null;
  const serverLevel = serverConsent ? consentCookieValue(serverConsent) : null;
  const serverTimestamp = serverConsent?.timestamp ?? null;

  useEffect(() => {
    const server: ServerConsentRef | null =
      serverSource && serverLevel
        ? { analyticsOptedIn: serverLevel !== "none", trackingLevel: serverLevel, timestamp: serverTimestamp, source: serverSource }
        : null;
    const plan = planConsentSync(readLocalConsent(), server, signedIn);
    if (plan.writeLocal) {
      writeLocalConsent(plan.writeLocal.choice, plan.writeLocal.timestamp ?? undefined);
      markBannerShown();
      // A banner already open closes (the choice arrived with a sign-in, or was made without JavaScript).
      window.dispatchEvent(new Event(CONSENT_CHANGED_EVENT));
    }
    if (plan.sendToServer) void syncLocalToServer(plan.sendToServer);
    if (isBannerShown() && readLocalConsent()) return;
    const timer = setTimeout(() => {
      markBannerShown();
      setVisible(true);
    }, BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, serverSource, serverLevel, serverTimestamp]);

  // A choice made elsewhere (the settings dialog, the account's record, another tab) closes the banner.
  useEffect(() => {
    const follow = () => {
      if (!ownSave.current && readLocalConsent()) setVisible(false);
    };
    const fromOtherTab = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.consent) follow();
    };
    window.addEventListener(CONSENT_CHANGED_EVENT, follow);
    window.addEventListener("storage", fromOtherTab);
    return () => {
      window.removeEventListener(CONSENT_CHANGED_EVENT, follow);
      window.removeEventListener("storage", fromOtherTab);
    };
  }, []);

  // Opening 'Customize' from its button moves focus to the selected level: the options sit
  // above the button, so otherwise the next Tab would leave the banner.
  const levelsRef = useRef<HTMLDivElement>(null);
  const focusLevels = useRef(false);
  useEffect(() => {
    if (!customizing || !focusLevels.current) return;
    focusLevels.current = false;
    levelsRef.current?.querySelector<HTMLInputElement>("input[type=radio]:checked")?.focus();
  }, [customizing]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const accept = useCallback(async (intent: ConsentIntent, chosen?: TrackingLevel) => {
    setBusy(true);
    ownSave.current = true;
    const r = await saveConsentChoice(intent, chosen);
    setBusy(false);
    // A failure shows nothing; the banner stays so the choice can be made again.
    if (!r.success) {
      ownSave.current = false;
      return;
    }
    setMessage(CONSENT_MESSAGES.saved);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      ownSave.current = false;
      setVisible(false);
      setMessage("");
      setCustomizing(false);
    }, BANNER_CLOSE_DELAY_MS);
  }, []);

  const decline = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    setVisible(false);
    void saveConsentChoice("decline");
  };

  if (!visible) return null;
  return (
    <section role="dialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className={panel}>
      <div className="flex items-start gap-3">
        <Shield aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="font-semibold text-ink-strong">
            {TITLE}
          </h2>
          <p id={`${id}-text`} className="mt-1 text-sm text-ink">
            {TEXT}
          </p>
          <p className="mt-1 text-sm font-medium text-ink-strong">{RETENTION}</p>
        </div>
        <button
          type="button"
          onClick={decline}
          aria-label="Decline all"
          title="Decline all"
          className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink-strong"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>

      {customizing ? (
        <div className="mt-4" id={`${id}-levels`} ref={levelsRef}>
          <LevelOptions idPrefix={`${id}-level`} value={level} onChange={setLevel} disabled={busy} />
        </div>
      ) : null}

      <p role="status" aria-live="polite" className={message ? "mt-3 text-sm font-medium text-good" : "sr-only"}>
        {message}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        {customizing ? (
          <button type="button" className={primary} disabled={busy} onClick={() => void accept("save", level)}>
            Save Preferences
          </button>
        ) : (
          <>
            <button type="button" className={primary} disabled={busy} onClick={() => void accept("accept_all")}>
              Accept All
            </button>
            <button type="button" className={secondary} disabled={busy} onClick={() => void accept("accept_essential")}>
              Accept Essential
            </button>
          </>
        )}
        <button
          type="button"
          className={`${secondary} border-transparent`}
          aria-expanded={customizing}
          aria-controls={customizing ? `${id}-levels` : undefined}
          disabled={busy}
          onClick={() => {
            focusLevels.current = !customizing;
            setCustomizing(!customizing);
          }}
        >
          Customize
        </button>
      </div>
    </section>
  );
}

/**
 * The banner as a plain form for browsers without JavaScript: rendered by the server only while
 * no choice is recorded (no consent cookie, no account record). POST /api/consent sets the cookie
 * and comes back here. <noscript> keeps it out of JavaScript browsers entirely.
 */
export function NoScriptConsentBanner() {
  const location = useLocation();
  return (
    <noscript>
      <section aria-labelledby="nojs-consent-title" className={panel}>
        <form method="post" action="/api/consent">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <h2 id="nojs-consent-title" className="font-semibold text-ink-strong">
                {TITLE}
              </h2>
              <p className="mt-1 text-sm text-ink">{TEXT}</p>
              <p className="mt-1 text-sm font-medium text-ink-strong">{RETENTION}</p>
            </div>
            <button
              type="submit"
              name="intent"
              value="decline"
              aria-label="Decline all"
              title="Decline all"
              className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface-2"
            >
              ✕
            </button>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="accept_all" className={primary}>
              Accept All
            </button>
            <button type="submit" name="intent" value="accept_essential" className={secondary}>
              Accept Essential
            </button>
          </div>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-ink">Customize</summary>
            <div className="mt-3">
              <LevelOptions idPrefix="nojs-consent-level" defaultValue={CUSTOMIZE_DEFAULT_LEVEL} />
              <button type="submit" name="intent" value="save" className={`${primary} mt-3`}>
                Save Preferences
              </button>
            </div>
          </details>
        </form>
      </section>
    </noscript>
  );
}

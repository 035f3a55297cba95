import * as Dialog from "@radix-ui/react-dialog";
import { MailCheck } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher, useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { setVerificationEmail, type AuthModalMode, type ModalState, type Panel } from "./auth-modal";
import { EmailField, FormBanner, PasswordField, NewPasswordFields, primaryButtonClass, useFieldErrors, UsernameField } from "./auth-ui";
import { OAuthButtons } from "./oauth-buttons";
import type { OAuthProviderInfo } from "~/auth/oauth";
import { LegalReaderDialog, type LegalDocumentKind } from "~/components/legal/legal-reader-dialog";
import { DialogCloseButton } from "~/components/ui/dialog-close-button";
import { MESSAGES } from "~/modules/accounts/accounts.messages";

/** The auth modal's dialog and panels (loaded when it first opens; state lives in AuthModalProvider). */

const TITLES: Record<Panel, string> = {
  login: "Sign in to your account",
  signup: "Create your account",
  reset: "Reset your password",
  sent: "Check Your Email!",
};

export default function AuthDialog({
  state,
  onOpenChange,
  onSwitch,
  onSent,
  takeOpener,
}: {
  state: ModalState;
  onOpenChange: (open: boolean) => void;
  onSwitch: (panel: AuthModalMode) => void;
  onSent: (email: string) => void;
  takeOpener: () => HTMLElement | null;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  const { open, panel } = state;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          ref={contentRef}
          aria-describedby={undefined}
          data-testid="auth-modal"
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            focusFirst(contentRef.current);
          }}
          onCloseAutoFocus={(e) => {
            // There is no Radix trigger: give focus back to whatever opened the modal.
            e.preventDefault();
            const el = takeOpener();
            if (el?.isConnected) el.focus();
          }}
          className="fixed inset-0 z-50 flex h-dvh flex-col overflow-y-auto overscroll-contain bg-surface focus:outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[92dvh] sm:w-[min(92vw,28rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:border sm:border-line sm:shadow-2xl"
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-line/60 bg-surface px-5 pt-5 pb-4 sm:static sm:border-0 sm:px-7 sm:pt-7 sm:pb-0">
            <div>
              <p className="text-xs font-semibold tracking-widest text-accent-strong uppercase">Savepoint</p>
              <Dialog.Title className="mt-1 text-xl font-bold text-ink-strong xs:text-2xl">{TITLES[panel]}</Dialog.Title>
            </div>
            <DialogCloseButton label="Close" className="-mr-2" />
          </div>
          <AuthDialogBody state={state} container={contentRef} onClose={() => onOpenChange(false)} onSwitch={onSwitch} onSent={onSent} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted while the dialog is open, so the legal reader and focus bookkeeping start fresh each time. */
function AuthDialogBody({
  state,
  container,
  onClose,
  onSwitch,
  onSent,
}: {
  state: ModalState;
  container: React.RefObject<HTMLDivElement | null>;
  onClose: () => void;
  onSwitch: (panel: AuthModalMode) => void;
  onSent: (email: string) => void;
}) {
  const [legal, setLegal] = useState<LegalDocumentKind | null>(null);
  const { panel, generation } = state;
  // After a mode switch the clicked link is gone: move focus to the new panel's first field.
  const firstGeneration = useRef(generation);
  useEffect(() => {
    if (generation !== firstGeneration.current) focusFirst(container.current);
  }, [generation, container]);
  return (
    <div className="flex-1 px-5 pt-5 pb-8 sm:px-7 sm:pb-7">
      {panel === "login" ? <LoginPanel key={generation} onSwitch={onSwitch} /> : null}
      {panel === "signup" ? <SignupPanel key={generation} onSwitch={onSwitch} onSent={onSent} onOpenLegal={setLegal} /> : null}
      {panel === "reset" ? <ResetPanel key={generation} onSwitch={onSwitch} /> : null}
      {panel === "sent" ? <SentPanel key={generation} email={state.email} onDone={onClose} /> : null}
      <LegalReaderDialog document={legal} onOpenChange={(o) => !o && setLegal(null)} />
    </div>
  );
}

function focusFirst(container: HTMLElement | null) {
  if (!container) return;
  const target = container.querySelector<HTMLElement>("[data-autofocus], input:not([type=hidden]):not([disabled])");
  (target ?? container).focus();
}

const linkButtonClass = "font-medium text-accent-strong hover:underline focus-visible:underline disabled:opacity-60";

function SwitchLine({ children }: { children: ReactNode }) {
  return <p className="mt-6 text-center text-sm text-muted">{children}</p>;
}

interface LoginResult {
  ok?: true;
  error: string | null;
  errors: Record<string, string>;
}

function LoginPanel({ onSwitch }: { onSwitch: (panel: AuthModalMode) => void }) {
  const fetcher = useFetcher<LoginResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const failed = result && !result.ok && !Object.keys(result.errors).length;
  return (
    <>
      {result?.error || failed ? <FormBanner tone="error">{result?.error || MESSAGES.loginFailed}</FormBanner> : null}
      <fetcher.Form method="post" action="/login" noValidate>
        <input type="hidden" name="_modal" value="1" />
        <fieldset disabled={busy} className="space-y-4">
          <EmailField error={errors.email} />
          <PasswordField name="password" label="Password" autoComplete="current-password" error={errors.password} />
          <div className="flex items-center justify-between gap-3">
            <label className="flex items-center gap-2 text-sm text-ink">
              <input type="checkbox" name="rememberMe" className="size-4 rounded border-line accent-accent" /> Remember me
            </label>
            <button type="button" onClick={() => onSwitch("reset")} className={`text-sm ${linkButtonClass}`}>
              Forgot password?
            </button>
          </div>
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </fieldset>
      </fetcher.Form>
      <ModalOAuthButtons />
      <SwitchLine>
        Don&apos;t have an account?{" "}
        <button type="button" onClick={() => onSwitch("signup")} className={linkButtonClass}>
          Sign up
        </button>
      </SwitchLine>
    </>
  );
}

type SignupResult =
  | { step: "form"; error: string | null; errors: Record<string, string> }
  | { step: "sent"; email: string; resent: string | null; error: string | null };

function SignupPanel({
  onSwitch,
  onSent,
  onOpenLegal,
}: {
  onSwitch: (panel: AuthModalMode) => void;
  onSent: (email: string) => void;
  onOpenLegal: (doc: LegalDocumentKind) => void;
}) {
  const fetcher = useFetcher<SignupResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const formResult = result?.step === "form" ? result : undefined;
  const { errors, onChange } = useFieldErrors(formResult?.errors);

  const sentEmail = result?.step === "sent" ? result.email : null;
  const reported = useRef(false);
  useEffect(() => {
    if (sentEmail === null || reported.current) return;
    reported.current = true;
    onSent(sentEmail);
  }, [sentEmail, onSent]);
  const failed = formResult && !formResult.error && !Object.keys(formResult.errors).length;
  useEffect(() => {
    // The pending-verification entry goes on a failed sign-up: no panel for an address that was not signed up.
    if (formResult && (formResult.error || failed)) setVerificationEmail(null);
  }, [formResult, failed]);

  const termsError = errors.agreeToTerms;
  return (
    <>
      {formResult?.error || failed ? <FormBanner tone="error">{formResult?.error || MESSAGES.signupFailed}</FormBanner> : null}
      <fetcher.Form method="post" action="/signup" noValidate onChange={onChange}>
        <input type="hidden" name="intent" value="signup" />
        <fieldset disabled={busy} className="space-y-4">
          <UsernameField error={errors.username} />
          <EmailField error={errors.email} />
          <NewPasswordFields name="password" label="Password" confirmLabel="Confirm Password" errors={errors} />
          <div className="space-y-1">
            <div className="flex items-start gap-2 text-sm text-ink">
              <input
                id="auth-agree-terms"
                type="checkbox"
                name="agreeToTerms"
                className="mt-0.5 size-4 shrink-0 rounded border-line accent-accent"
                aria-invalid={termsError ? true : undefined}
                aria-describedby={termsError ? "auth-agree-terms-error" : undefined}
              />
              <span>
                <label htmlFor="auth-agree-terms">I agree to the</label>{" "}
                <a
                  href="/terms"
                  onClick={(e) => {
                    e.preventDefault();
                    onOpenLegal("terms");
                  }}
                  className={linkButtonClass}
                >
                  Terms of Service
                </a>{" "}
                <label htmlFor="auth-agree-terms">and</label>{" "}
                <a
                  href="/privacy"
                  onClick={(e) => {
                    e.preventDefault();
                    onOpenLegal("privacy");
                  }}
                  className={linkButtonClass}
                >
                  Privacy Policy
                </a>
              </span>
            </div>
            {termsError ? (
              <p id="auth-agree-terms-error" className="text-sm text-red-400">
                {termsError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Creating Account..." : "Create Account"}
          </button>
        </fieldset>
      </fetcher.Form>
      <ModalOAuthButtons />
      <SwitchLine>
        Already have an account?{" "}
        <button type="button" onClick={() => onSwitch("login")} className={linkButtonClass}>
          Sign in
        </button>
      </SwitchLine>
    </>
  );
}

interface ResetResult {
  sent: string | null;
  error: string | null;
  errors: Record<string, string>;
}

function ResetPanel({ onSwitch }: { onSwitch: (panel: AuthModalMode) => void }) {
  const fetcher = useFetcher<ResetResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const failed = result && !result.sent && !result.error && !Object.keys(result.errors).length;
  return (
    <>
      <p className="-mt-1 mb-5 text-sm text-muted">Enter your email and we&apos;ll send you a link to choose a new password.</p>
      {result?.sent ? (
        <p role="status" className="mb-4 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-300">
          {result.sent}
        </p>
      ) : null}
      {result?.error || failed ? <FormBanner tone="error">{result?.error || MESSAGES.resetFailed}</FormBanner> : null}
      <fetcher.Form method="post" action="/forgot-password" noValidate>
        <fieldset disabled={busy} className="space-y-4">
          <EmailField error={errors.email} />
          <button type="submit" className={primaryButtonClass}>
            {busy ? "Sending Reset Email..." : "Send Reset Email"}
          </button>
        </fieldset>
      </fetcher.Form>
      <SwitchLine>
        Remembered it?{" "}
        <button type="button" onClick={() => onSwitch("login")} className={linkButtonClass}>
          Back to sign in
        </button>
      </SwitchLine>
    </>
  );
}

/** 'Check Your Email!' after sign-up: resend (banner cleared after 3 s) and 'Got it!'. */
function SentPanel({ email, onDone }: { email: string; onDone: () => void }) {
  const fetcher = useFetcher<SignupResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const answer = result?.step === "sent" ? result : undefined;
  const [hidden, setHidden] = useState<object | null>(null);
  useEffect(() => {
    if (!answer?.resent) return;
    const t = setTimeout(() => setHidden(answer), 3000);
    return () => clearTimeout(t);
  }, [answer]);
  const banner = answer?.resent && hidden !== answer ? answer.resent : null;
  const error = result && !answer?.resent ? (answer?.error ?? `${MESSAGES.resendFailed} Please try again.`) : null;

  // The link is usually opened in another tab: look again when the user comes back here.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [revalidate]);

  return (
    <div>
      <div className="flex flex-col items-center text-center">
        <span className="grid size-16 place-items-center rounded-full bg-accent/15">
          <MailCheck aria-hidden="true" className="size-8 text-accent-strong" />
        </span>
        <p className="mt-4 text-ink">
          We&apos;ve sent a confirmation link to <span className="font-semibold [overflow-wrap:anywhere] text-ink-strong">{email}</span>.
        </p>
        <p className="mt-2 text-sm text-muted">{MESSAGES.checkEmailNext}</p>
      </div>
      <div className="mt-6" aria-live="polite">
        {banner ? <FormBanner tone="success">{banner}</FormBanner> : null}
        {error ? <FormBanner tone="error">{error}</FormBanner> : null}
      </div>
      <fetcher.Form method="post" action="/signup" className="text-center text-sm text-muted">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        Didn&apos;t get it?{" "}
        <button type="submit" disabled={busy} className={linkButtonClass}>
          {busy ? "Sending..." : "Resend verification email"}
        </button>
      </fetcher.Form>
      <button type="button" data-autofocus onClick={onDone} className={`${primaryButtonClass} mt-6`}>
        Got it!
      </button>
    </div>
  );
}

/** One "Continue with {provider}" link per configured OAuth provider (none when none is configured). */
function ModalOAuthButtons() {
  const providers = useRouteLoaderData<{ oauthProviders?: OAuthProviderInfo[] }>("root")?.oauthProviders ?? [];
  const location = useLocation();
  return <OAuthButtons providers={providers} redirectTo={location.pathname + location.search} />;
}

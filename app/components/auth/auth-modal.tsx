import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { registerBuiltInPendingActions } from "./pending-action-handlers";
import { activatePendingActions, clearPendingAction, setAuthModalOpener, type AuthModalMode } from "~/lib/pending-action";

// The dialog and its forms (with the sign-in code) load when the modal first opens, not with every page.
const AuthDialog = lazy(() => import("./auth-dialog"));

/**
 * The auth modal: login / signup / reset
 * modes and the 'Check Your Email!' panel. It is the enhanced form of the
 * /login, /signup and /forgot-password pages: it posts to their actions with a
 * fetcher, so rules, limits and messages live in one place.
 *
 * Mount <AuthModalProvider> once (root). Open it with `useAuthModal().open(mode)`,
 * `requireSignIn(action)` from ~/lib/pending-action, or a `?auth=login|signup|reset`
 * query parameter on any page. When the user becomes signed in, the modal
 * closes and the pending action runs.
 */

export type { AuthModalMode };
export type Panel = AuthModalMode | "sent";

interface AuthModalApi {
  open: (mode?: AuthModalMode) => void;
  close: () => void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

/** Opens and closes the auth modal; outside the provider (tests) it is a no-op. */
export function useAuthModal(): AuthModalApi {
  return useContext(AuthModalContext) ?? NOOP;
}
const NOOP: AuthModalApi = { open: () => undefined, close: () => undefined };

const PENDING_VERIFICATION_KEY = "savepoint:pending-verification-email";
const MODES = new Set<string>(["login", "signup", "reset"]);
/** Pages that finish an auth step themselves and redirect afterwards; pending actions wait for the next page. */
const HOLD_PENDING_ON = new Set(["/auth/callback"]);

export function setVerificationEmail(email: string | null) {
  try {
    if (email) sessionStorage.setItem(PENDING_VERIFICATION_KEY, email);
    else sessionStorage.removeItem(PENDING_VERIFICATION_KEY);
  } catch {
    // storage unavailable: nothing to remember
  }
}

export interface ModalState {
  open: boolean;
  panel: Panel;
  /** Bumped on every open and mode switch: remounts the panel, so errors, success flags and inputs start clean. */
  generation: number;
  email: string;
}

export function AuthModalProvider({ user, children }: { user: { id: number } | null; children: ReactNode }) {
  const [state, setState] = useState<ModalState>({ open: false, panel: "login", generation: 0, email: "" });
  const opener = useRef<HTMLElement | null>(null);
  const signedIn = user !== null;
  const navigate = useNavigate();
  const location = useLocation();

  const open = useCallback(
    (mode: AuthModalMode = "login") => {
      if (signedIn) return;
      const active = typeof document !== "undefined" ? document.activeElement : null;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setState((s) => ({ open: true, panel: mode, generation: s.generation + 1, email: "" }));
    },
    [signedIn],
  );
  const takeOpener = useCallback(() => {
    const el = opener.current;
    opener.current = null;
    return el;
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const api = useMemo(() => ({ open, close }), [open, close]);

  useEffect(() => setAuthModalOpener(open), [open]);
  useEffect(() => registerBuiltInPendingActions(), []);

  // Signed in (modal sign-in, or the verification finished in this or another tab): the modal closes
  // (state adjusted during render, React's pattern for reacting to a changed prop).
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (wasSignedIn !== signedIn) {
    setWasSignedIn(signedIn);
    if (signedIn && state.open) setState({ ...state, open: false });
  }
  // ...forget the pending verification address, and run the pending action (not on the callback
  // page, which shows its success and redirects first).
  useEffect(() => {
    if (signedIn) setVerificationEmail(null);
  }, [signedIn]);
  useEffect(() => {
    const ctx = signedIn && !HOLD_PENDING_ON.has(location.pathname) ? { navigate: (to: string) => void navigate(to) } : null;
    void activatePendingActions(ctx);
  }, [signedIn, location.pathname, navigate]);

  // `?auth=login|signup|reset` (e.g. 'Request Password Reset' on the reset page) opens the modal in that
  // mode once per navigation; the parameter is then removed from the address.
  const authParam = new URLSearchParams(location.search).get("auth");
  const [handledKey, setHandledKey] = useState<string | null>(null);
  if (authParam && handledKey !== location.key) {
    setHandledKey(location.key);
    if (MODES.has(authParam) && !signedIn) {
      setState({ open: true, panel: authParam as AuthModalMode, generation: state.generation + 1, email: "" });
    }
  }
  useEffect(() => {
    if (!authParam) return;
    const params = new URLSearchParams(location.search);
    params.delete("auth");
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [authParam, location.search, location.pathname, location.hash, navigate]);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    // Dismissing a form abandons what the user was about to do; after sign-up the action waits for verification.
    if (state.panel !== "sent") clearPendingAction();
    close();
  };

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {state.generation > 0 ? (
        <Suspense fallback={null}>
          <AuthDialog
            state={state}
            onOpenChange={onOpenChange}
            onSwitch={(panel) => setState((s) => ({ ...s, panel, generation: s.generation + 1 }))}
            onSent={(email) => {
              setVerificationEmail(email);
              setState((s) => ({ ...s, panel: "sent", email, generation: s.generation + 1 }));
            }}
            takeOpener={takeOpener}
          />
        </Suspense>
      ) : null}
    </AuthModalContext.Provider>
  );
}

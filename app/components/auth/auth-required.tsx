import { Lock } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link } from "react-router";
import { useAuthModal } from "./auth-modal";
import { primaryButtonClass } from "~/components/ui/form-controls";

/**
 * Guarded pages for a signed-out visitor (/profile and /settings):
 * the text, with the login modal shown over the page once JavaScript runs.
 * Without JavaScript the Sign In link goes to /login and back.
 */
export function AuthRequired({ redirectTo }: { redirectTo: string }) {
  const authModal = useAuthModal();
  useEffect(() => authModal.open("login"), [authModal]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-6 py-16 text-center">
      <Lock aria-hidden="true" className="size-10 text-muted" />
      <h1 className="mt-4 text-2xl font-bold text-ink-strong">Authentication Required</h1>
      <p className="mt-2 text-muted">Please log in to view your profile.</p>
      <Link
        to={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          authModal.open("login");
        }}
        className={`${primaryButtonClass} mt-6 w-auto px-6`}
      >
        Sign In
      </Link>
    </div>
  );
}

import { KeyRound, LogIn } from "~/components/ui/icons";
import { oauthStartHref, type OAuthProviderInfo } from "~/auth/oauth";

/**
 * One "Continue with <provider>" button per configured OAuth / OpenID Connect
 * provider; nothing at all when none is configured. The buttons are plain links
 * (GET /auth/oauth/<id>), so they work without JavaScript.
 */
export function OAuthButtons({
  providers,
  redirectTo,
  className = "mt-6",
}: {
  providers: readonly OAuthProviderInfo[];
  /** Where to land after signing in (a local path; default "/"). */
  redirectTo?: string | null;
  className?: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className={className}>
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="mt-4 grid gap-2" aria-label="Sign in with another account">
        {providers.map((p) => {
          const Icon = p.id === "oidc" ? KeyRound : LogIn;
          return (
            <li key={p.id}>
              <a
                href={oauthStartHref(p.id, redirectTo)}
                rel="nofollow"
                className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-line bg-surface px-4 font-semibold text-ink hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
              >
                <Icon aria-hidden="true" className="size-4" />
                Continue with {p.name}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

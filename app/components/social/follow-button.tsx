import { UserCheck, UserPlus } from "~/components/ui/icons";
import { useEffect, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { useJsonAction } from "~/lib/use-json-action";
import { FOLLOW_MESSAGES } from "~/modules/social/follow.messages";

type FollowAnswer = { ok: true; following: boolean } | { ok: false; error?: string };

const REASONS = new Set<string>(Object.values(FOLLOW_MESSAGES));

/** The follow route's own text of a failure, or nothing (offline, or an answer that is not the route's). */
function serverReason(error: string | undefined): string | undefined {
  return error !== undefined && error !== FOLLOW_MESSAGES.updateFailed && REASONS.has(error) ? error : undefined;
}

export interface FollowButtonProps {
  /** The user the button follows. */
  userId: number;
  /** Whether the viewer follows them now (from the loader). */
  following: boolean;
  /** The signed-in viewer's id, or null for a visitor ('Login', disabled). */
  viewerId: number | null;
  /** Accessible name of the person, e.g. their username. */
  name?: string;
  className?: string;
  size?: "sm" | "md";
}

/**
 * Follow / Following toggle. A plain form posting to /api/users/:id/follow (works without
 * JavaScript: the page comes back with the new state); with JavaScript the state flips at once and
 * rolls back with 'Failed to update follow status' (and the server's reason under it, when it gave one)
 * when the call fails. Hidden for oneself.
 */
export function FollowButton({ userId, following, viewerId, name, className = "", size = "md" }: FollowButtonProps) {
  const fetcher = useJsonAction<FollowAnswer>();
  const location = useLocation();
  const [hover, setHover] = useState(false);

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer.ok) return;
    // The state rolls back; the server's reason ('Failed to follow user. Please try again.', 'An
    // unexpected error occurred'…) goes under it when the server gave one.
    toast.error(FOLLOW_MESSAGES.updateFailed, serverReason(answer.error));
  }, [fetcher.state, fetcher.data]);

  if (viewerId === userId) return null;

  const pad = size === "sm" ? "min-h-9 px-3 text-xs" : "min-h-10 px-4 text-sm";
  const base = `inline-flex items-center justify-center gap-1.5 rounded-lg border font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none ${pad} ${className}`;

  if (viewerId === null) {
    return (
      <button
        type="button"
        disabled
        className={`${base} cursor-not-allowed border-line bg-surface/60 text-muted`}
        title="Sign in to follow"
      >
        Login
      </button>
    );
  }

  const pendingIntent = fetcher.formData?.get("intent");
  const shown =
    pendingIntent === "follow" || pendingIntent === "unfollow"
      ? pendingIntent === "follow"
      : fetcher.data?.ok
        ? fetcher.data.following
        : following;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (fetcher.state !== "idle") return;
    void fetcher.submit({ intent: shown ? "unfollow" : "follow" }, { action: `/api/users/${userId}/follow` });
  };

  const label = shown ? (hover ? "Unfollow" : "Following") : "Follow";
  return (
    <form method="post" action={`/api/users/${userId}/follow`} onSubmit={onSubmit} className="inline-flex">
      <input type="hidden" name="intent" value={shown ? "unfollow" : "follow"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={shown}
        data-testid={`follow-${userId}`}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        className={`${base} ${
          shown
            ? "border-accent/60 bg-accent/15 text-accent-strong hover:border-bad/60 hover:bg-bad/10 hover:text-bad"
            : "border-accent bg-accent text-white hover:bg-accent-hover"
        }`}
      >
        {shown ? <UserCheck aria-hidden="true" className="size-4" /> : <UserPlus aria-hidden="true" className="size-4" />}
        {label}
        {name ? <span className="sr-only"> {name}</span> : null}
      </button>
    </form>
  );
}

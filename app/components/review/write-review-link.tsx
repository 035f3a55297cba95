import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { requireSignIn } from "~/lib/pending-action";

/** The sign-in link for visitors that returns to the review page afterwards. */
export function signInToReviewHref(writeHref: string): string {
  return `/login?redirectTo=${encodeURIComponent(writeHref)}`;
}

/**
 * Write Review / Edit Review. A visitor's click opens the sign-in dialog over the page and the
 * review page opens once they are signed in (the `write_review` pending action); without
 * JavaScript (or in a new tab) the review page itself sends them through sign-in and back.
 */
export function WriteReviewLink({
  writeHref,
  signedIn,
  className,
  children,
  testId,
  to = writeHref,
}: {
  /** /review/{igdbId or id} */
  writeHref: string;
  signedIn: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
  /** Where the link itself goes (default: the review page). */
  to?: string;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    requireSignIn({ type: "write_review", gameId: writeHref.replace(/^\/review\//, "") });
  };
  return (
    <Link to={to} onClick={onClick} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}

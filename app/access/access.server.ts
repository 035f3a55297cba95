import { data, redirect } from "react-router";
import { optionalUser, type SessionUser } from "~/auth/session.server";
import { fail, ok, type Result } from "~/lib/result";
import { MAX_REDIRECT_LENGTH } from "~/lib/safe-redirect";

/**
 * Who may do what, in one place. Routes call `requireUser` / `requireAdmin` before parsing input;
 * services call `can` / `requireOwner` before writing. A decision is made against the user taken
 * from the session, never from an id sent by the client.
 */

/** The one who acts: a signed-in user, or null for a visitor. */
export type Actor = SessionUser | null;

/** The actor of this request: the session's user, or null for a visitor. */
export function currentActor(request: Request): Promise<Actor> {
  return optionalUser(request);
}

/** Something that belongs to one user: a review, a comment, a list entry, a profile. */
export interface Owned {
  ownerId: number;
}

/**
 * The actions the app decides on. Each resource kind maps to the rule that governs it:
 * - "own": only the owner (reviews, comments, profile, lists, progress, Top 5);
 * - "member": any signed-in user (write a review, like, comment, follow);
 * - "admin": operators only (is_admin).
 */
export type Action =
  | "review.create"
  | "review.update"
  | "review.delete"
  | "review.like"
  | "comment.create"
  | "comment.update"
  | "comment.delete"
  | "comment.like"
  | "profile.update"
  | "list.update"
  | "progress.update"
  | "user.follow"
  | "account.delete"
  | "admin.view";

const RULES: Record<Action, "own" | "member" | "admin"> = {
  "review.create": "member",
  "review.update": "own",
  "review.delete": "own",
  "review.like": "member",
  "comment.create": "member",
  "comment.update": "own",
  "comment.delete": "own",
  "comment.like": "member",
  "profile.update": "own",
  "list.update": "own",
  "progress.update": "own",
  "user.follow": "member",
  "account.delete": "own",
  "admin.view": "admin",
};

/** Whether `actor` may do `action` (on `resource` when the rule is ownership). Pure: no I/O. */
export function can(actor: Actor, action: Action, resource?: Owned | null): boolean {
  if (!actor) return false;
  switch (RULES[action]) {
    case "member":
      return true;
    case "admin":
      return actor.isAdmin;
    case "own":
      return resource != null && resource.ownerId === actor.id;
  }
}

/**
 * For services: ok when `actor` may do `action` on `resource`, else the failure to return as is —
 * 401 with `unauthenticated` for a visitor, 404 with `denied` for anyone else (a resource that is not
 * yours is reported like one that does not exist, so ids cannot be probed).
 */
export function requireOwner(
  actor: Actor,
  action: Action,
  resource: Owned | null | undefined,
  messages: { unauthenticated?: string; denied: string },
): Result<SessionUser> {
  if (!actor) return fail(401, messages.unauthenticated ?? "User not authenticated");
  if (!resource || !can(actor, action, resource)) return fail(404, messages.denied);
  return ok(actor);
}

/**
 * For routes: the signed-in user. Without a session, a page (no `message`) redirects to /login and
 * comes back afterwards; an API or form action (with `message`, the spec's text such as 'You must be
 * logged in to like reviews') answers 401 with `{ error: message }`.
 */
export async function requireUser(request: Request, message?: string): Promise<SessionUser> {
  const user = await optionalUser(request);
  if (user) return user;
  // `message` too: the page's error boundary shows it when the post came from a plain form (no JavaScript).
  if (message !== undefined) throw data({ ok: false, error: message, message }, { status: 401 });
  const url = new URL(request.url);
  // The way back is kept only as long as the sign-in page accepts it (a longer one comes back without
  // its query): an address of any length made a Location header proxies refuse (nginx: 502).
  const back = url.pathname + url.search;
  const target = back.length <= MAX_REDIRECT_LENGTH ? back : url.pathname.length <= MAX_REDIRECT_LENGTH ? url.pathname : "/";
  throw redirect(`/login?redirectTo=${encodeURIComponent(target)}`);
}

export const FORBIDDEN = "You do not have access to this page.";

/** A signed-in request whose account was deleted before its writes committed. */
export const ACCOUNT_GONE = "User not authenticated or not found in database";

/** For routes: an operator (is_admin), else 403 with FORBIDDEN — visitors too (the page says nothing more). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await optionalUser(request);
  if (!can(user, "admin.view")) throw data({ ok: false, error: FORBIDDEN, message: FORBIDDEN }, { status: 403 });
  return user as SessionUser;
}

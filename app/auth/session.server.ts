import { getConfig } from "~/config.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import { getAuth } from "./auth.server";
import { isTrustedOriginOf } from "./origin";

/** The signed-in user as pages need it. Never sent to other users (it holds the e-mail). */
export interface SessionUser {
  id: number;
  username: string | null;
  name: string;
  email: string;
  avatarUrl: string | null;
  /** Operator of this site (set with `npm run user:admin`); never settable by the user. */
  isAdmin: boolean;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?savepoint\.session_token=/;

/**
 * Reads of one GET request share one session lookup: the root loader and the page's loader both ask,
 * and each lookup is two queries plus Better Auth's own work. Only reads: a POST's action may change the
 * session (sign-out, password change), so the loaders that run after it must look again.
 */
const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user of this request, or null. Cheap when there is no session cookie. */
export function optionalUser(request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUp(request);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUp(request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUp(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !SESSION_COOKIE.test(cookie)) return null;
  const headers = new Headers({ cookie });
  const session = await getAuth().api.getSession({ headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { username?: string | null; isAdmin?: boolean | null };
  const id = Number(u.id);
  if (!Number.isSafeInteger(id)) return null;
  return { id, username: u.username ?? null, name: u.name, email: u.email, avatarUrl: u.image ?? null, isAdmin: u.isAdmin === true };
}

/** Where a page sends the user back to (redirectTo): a normalised path on this site, else `fallback`. */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  return sameOriginPath(value, getConfig().appUrl) ?? fallback;
}

/** CSRF guard for our own form actions (Better Auth checks its own endpoints). */
export function isTrustedOrigin(request: Request): boolean {
  return isTrustedOriginOf(request.headers, [new URL(getConfig().appUrl).origin, new URL(request.url).origin]);
}

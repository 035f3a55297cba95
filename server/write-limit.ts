import type { RequestHandler } from "express";
import { optionalUser } from "../app/auth/session.server";
import { getConfig } from "../app/config.server";
import { returnWriteAllowance, takeWriteAllowance, WRITE_LIMIT_MESSAGE } from "../app/modules/rate-limit/rate-limit.server";
import { keepsPages } from "./html-cache";

/**
 * Changes per signed-in member (WRITE_RATE_LIMIT a minute, app/modules/rate-limit): every POST of a
 * signed-in session counts, whatever the route (a like, a comment, a follow, a review, lists, the
 * profile, Better Auth's profile update), but an analytics event or consent choice (they change no
 * shared page and keep limits of their own) and signing out. A POST refused with a 4xx wrote nothing and gives its
 * count back. Past the limit: 429 with Retry-After, before the route runs, so nothing is written and
 * the page cache is not emptied; JSON, but text for a form posted without JavaScript (a navigation,
 * which accepts HTML). Visitors write nothing a member could be limited for (their posts are refused
 * or have limits of their own).
 */
/** Signing out ends the member's own session and changes nothing shared: always possible. */
const ENDS_SESSION = /^\/(?:logout|api\/auth\/sign-out)(?:\.data)?\/?$/;

export function writeLimit(): RequestHandler {
  return async (req, res, next) => {
    const perMinute = getConfig().writeRateLimit;
    if (req.method !== "POST" || perMinute === 0 || keepsPages(req.path) || ENDS_SESSION.test(req.path)) return next();
    try {
      const cookie = req.headers.cookie;
      // Cheap without a session cookie: no statement at all.
      const member = cookie ? await optionalUser(new Request(getConfig().appUrl, { headers: { cookie } })) : null;
      if (!member) return next();
      const allowance = await takeWriteAllowance(member.id, perMinute);
      if (!allowance.ok) {
        res.status(429).set({ "Retry-After": String(allowance.retryAfter), "Cache-Control": "no-store" });
        // A form posted without JavaScript is a navigation (it accepts HTML): it gets the sentence.
        if ((req.get("accept") ?? "").includes("text/html")) res.type("text/plain").send(WRITE_LIMIT_MESSAGE);
        else res.json({ ok: false, error: WRITE_LIMIT_MESSAGE });
        return;
      }
      // Given back as the refusal's status line is written, before the client can send its next change.
      const writeHead = res.writeHead;
      res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
        const status = typeof args[0] === "number" ? args[0] : this.statusCode;
        if (status >= 400 && status < 500) {
          returnWriteAllowance(member.id).catch((err: unknown) => req.log?.warn({ err }, "write allowance not given back"));
        }
        return writeHead.apply(this, args);
      } as typeof res.writeHead;
      next();
    } catch (err) {
      next(err);
    }
  };
}

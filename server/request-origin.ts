import type { Request as ExpressRequest } from "express";

/**
 * The origin of the request as React Router sees it (its `request.url`): protocol, host and port as
 * @react-router/express derives them (X-Forwarded-Proto and X-Forwarded-Host only behind a trusted
 * proxy). Throws a BadRequestOrigin naming the header when no http(s) URL can be made of them: a Host
 * that is no host name (a space, `%`, `<`, `|`, `^`, an unclosed `[`) or a protocol other than http
 * and https. The request guard refuses those requests first (400).
 */
export function requestOrigin(req: ExpressRequest): string {
  if (req.protocol !== "http" && req.protocol !== "https") throw new BadRequestOrigin("Invalid X-Forwarded-Proto header");
  // An HTTP/1.0 request may come without a Host (Node refuses a missing one only in HTTP/1.1), or with an empty one.
  const host = req.get("host");
  if (!host || req.hostname === undefined) throw new BadRequestOrigin("Missing Host header");
  // User information before the host ("localhost:3000@evil") makes no request URL: fetch's Request refuses it.
  if (host.includes("@") || (req.app.enabled("trust proxy") && req.get("x-forwarded-host")?.includes("@")))
    throw new BadRequestOrigin("Invalid Host header");
  const [, forwardedPort] = req.app.enabled("trust proxy") ? (req.get("x-forwarded-host")?.split(":") ?? []) : [];
  const [, hostPort] = host.split(":");
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${port === undefined ? "" : `:${port}`}`).origin;
  } catch {
    throw new BadRequestOrigin("Invalid Host header");
  }
}

export class BadRequestOrigin extends Error {}

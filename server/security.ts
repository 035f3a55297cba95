import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

export const IGDB_IMAGE_HOST = "https://images.igdb.com";

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${IGDB_IMAGE_HOST}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers on every response. The CSP is strict in production; in
 * development Vite's HMR client needs inline scripts and a websocket, so only
 * the non-CSP headers apply there.
 */
export function securityHeaders(opts: { csp: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("hex");
    res.locals.nonce = nonce;
    if (opts.csp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    next();
  };
}

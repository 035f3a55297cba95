import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { REVIEW_TEXT_MAX } from "../app/modules/reviews/reviews.schema";
import { BadRequestOrigin, requestOrigin } from "./request-origin";

/**
 * The edge check every request passes before React Router and Better Auth see it, so that no
 * route, present or future, can be handed input that makes it fail with a 500 or hold a
 * connection:
 * - methods other than GET, HEAD and POST: 405;
 * - a URL with a NUL byte or a path that does not percent-decode, or a Host header that is no
 *   host name (a trusted proxy's X-Forwarded-Host / -Proto that make no http(s) URL): 400;
 * - POST bodies are read here, once, up to the route's size limit (413 before reading when
 *   Content-Length says more, and while reading for chunked bodies), then checked: JSON must
 *   parse to an object, form and multipart bodies must parse, no text field may hold a NUL or a
 *   lone surrogate (PostgreSQL refuses both), and other content types get a 415. Routes receive
 *   the checked bytes (bodyOf).
 * - a response sent while part of the request body is still unread closes the connection, so
 *   the next request on a keep-alive connection never waits behind that body.
 */

export const FORM_BODY_LIMIT = 16 * 1024;
export const JSON_API_BODY_LIMIT = 64 * 1024;
/** Room for a profile picture upload (5 MB) and its multipart framing. */
export const AVATAR_UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
/**
 * The review form: its text may hold REVIEW_TEXT_MAX characters, and urlencoded one character takes up
 * to 9 bytes (a CJK character: 3 UTF-8 bytes, each %XX), plus the other fields.
 */
export const REVIEW_FORM_BODY_LIMIT = REVIEW_TEXT_MAX * 9 + FORM_BODY_LIMIT;

export interface BodyLimit {
  /** Path prefix (a trailing "/" matches everything below it; otherwise the exact path, with or without ".data"). */
  path: string;
  bytes: number;
}

/** First match wins; anything else gets FORM_BODY_LIMIT (page forms and their `.data` twins). */
export const BODY_LIMITS: BodyLimit[] = [
  { path: "/settings/avatar", bytes: AVATAR_UPLOAD_BODY_LIMIT },
  { path: "/review/", bytes: REVIEW_FORM_BODY_LIMIT },
  { path: "/api/auth/", bytes: FORM_BODY_LIMIT },
  { path: "/api/", bytes: JSON_API_BODY_LIMIT },
];

export function bodyLimitFor(pathname: string, limits: BodyLimit[] = BODY_LIMITS): number {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  for (const l of limits) {
    if (l.path.endsWith("/") ? path.startsWith(l.path) : path === l.path) return l.bytes;
  }
  return FORM_BODY_LIMIT;
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
export const METHOD_NOT_ALLOWED = "Method not allowed";
const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The request body the guard read and checked (POST only); undefined when none was read. */
export function bodyOf(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

// A lone surrogate half: JSON can carry one ("\ud800"); UTF-8 cannot, and PostgreSQL refuses it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(s: string): void {
  if (s.includes("\u0000")) throw new Refusal(400, "Text must not contain NUL characters");
  if (LONE_SURROGATE.test(s)) throw new Refusal(400, "Text must be valid Unicode");
}

function checkJsonValue(value: unknown, depth = 0): void {
  if (depth > 64) throw new Refusal(400, "JSON nested too deeply");
  if (typeof value === "string") return checkText(value);
  if (Array.isArray(value)) {
    for (const v of value) checkJsonValue(v, depth + 1);
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      checkText(k);
      checkJsonValue(v, depth + 1);
    }
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
function decodeUtf8(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new Refusal(400, "The request body is not valid UTF-8");
  }
}

/** Throws a Refusal when the body cannot be what the content type says, or carries text PostgreSQL refuses. */
async function checkBody(contentType: string | undefined, body: Buffer): Promise<void> {
  if (body.length === 0) return;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(decodeUtf8(body));
    } catch (err) {
      if (err instanceof Refusal) throw err;
      throw new Refusal(400, "Invalid JSON");
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Refusal(400, "Send a JSON object");
    return checkJsonValue(parsed);
  }
  if (type === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(decodeUtf8(body))) {
      checkText(k);
      checkText(v);
    }
    return;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType! } }).formData();
    } catch {
      throw new Refusal(400, "Malformed multipart body");
    }
    for (const [k, v] of form) {
      checkText(k);
      // Files (an avatar) are bytes, not text: only their names are checked.
      checkText(typeof v === "string" ? v : v.name);
    }
    return;
  }
  throw new Refusal(415, "Unsupported content type: send a form (urlencoded or multipart) or JSON");
}

/** Reads the body up to `limit` bytes; past it, stops reading and refuses with 413. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(new Refusal(413, "Request body too large"));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      reject(new Refusal(400, "The request body was not received"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}

/** A NUL byte anywhere in the URL, or a path that does not percent-decode. */
function urlProblem(url: string): string | null {
  if (url.includes("\u0000") || /%00/.test(url)) return "The address must not contain NUL characters";
  const path = url.split("?", 1)[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return "Malformed address";
  }
  return null;
}

/** A Host header (or a trusted proxy's X-Forwarded-Host / -Proto) no http(s) URL can be made of. */
function hostProblem(req: ExpressRequest): string | null {
  try {
    requestOrigin(req);
    return null;
  } catch (err) {
    if (err instanceof BadRequestOrigin) return err.message;
    throw err;
  }
}

function wantsJson(req: ExpressRequest): boolean {
  const path = req.path;
  return path.startsWith("/api/") || path.endsWith(".data");
}

function refuse(req: ExpressRequest, res: ExpressResponse, refusal: Refusal, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(refusal.status).set({ "Cache-Control": "no-store", ...headers });
  if (wantsJson(req)) res.json({ error: refusal.message });
  else res.type("text/plain").send(refusal.message);
}

/**
 * Before the response goes out: when part of the request body is still unread, end the
 * connection after this response (Node would otherwise keep reading that body, or wait for it,
 * before it parses the next request on the connection).
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ExpressResponse): void {
  if (!hasBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

export function requestGuard(opts: { limits?: BodyLimit[] } = {}): RequestHandler {
  return (req, res, next) => {
    closeWhenBodyUnread(req, res);
    if (!ALLOWED_METHODS.has(req.method)) return refuse(req, res, new Refusal(405, METHOD_NOT_ALLOWED), { Allow: "GET, HEAD, POST" });
    const problem = urlProblem(req.originalUrl) ?? hostProblem(req);
    if (problem) return refuse(req, res, new Refusal(400, problem));
    // GET and HEAD bodies are never read; Node discards them.
    if (req.method !== "POST") return next();

    const limit = bodyLimitFor(req.path, opts.limits);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) return refuse(req, res, new Refusal(413, "Request body too large"));
    readBody(req, limit)
      .then(async (body) => {
        await checkBody(req.headers["content-type"], body);
        bodies.set(req, body);
        next();
      })
      .catch((err: unknown) => {
        if (err instanceof Refusal) refuse(req, res, err);
        else next(err);
      });
  };
}

import { sameOriginPath } from "~/lib/safe-redirect";
import { getConfig } from "~/config.server";
import { getAuth } from "./auth.server";

/**
 * What /api/auth/* checks before Better Auth sees a request from outside. Better Auth accepts
 * any "relative" callback URL, and "/.//host" is one: it answers `Location: //host`. Every
 * redirect parameter, in the query or the body, must be a path on this site (sameOriginPath).
 */

/** Parameters Better Auth (or a plugin) redirects to. */
export const REDIRECT_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo", "redirectURL"] as const;

export const INVALID_REDIRECT = { code: "INVALID_CALLBACK_URL", message: "Redirect targets must be a path on this site" } as const;

function entriesOfBody(contentType: string, text: string): [string, unknown][] {
  if (text === "") return [];
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return [...new URLSearchParams(text)];
  if (type === "application/json" || type.endsWith("+json")) {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" ? Object.entries(parsed) : [];
  }
  return [];
}

/**
 * The request's body text when every redirect parameter is a path on this site, else a 400
 * response. (The HTTP layer has already refused bodies that are too large, not JSON objects or
 * not parseable, so reading it here is cheap and JSON.parse cannot fail.)
 */
export async function checkAuthRequest(
  request: Request,
): Promise<{ ok: true; body: string | undefined } | { ok: false; response: Response }> {
  const { appUrl } = getConfig();
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const body = hasBody ? await request.text() : undefined;
  let entries: [string, unknown][] = [...new URL(request.url).searchParams];
  try {
    entries = entries.concat(entriesOfBody(request.headers.get("content-type") ?? "", body ?? ""));
  } catch {
    return { ok: false, response: Response.json({ code: "INVALID_BODY", message: "Invalid JSON" }, { status: 400 }) };
  }
  const names: readonly string[] = REDIRECT_PARAMS;
  for (const [name, value] of entries) {
    if (!names.includes(name) || value === undefined || value === null || value === "") continue;
    if (sameOriginPath(value, appUrl) === null) return { ok: false, response: Response.json(INVALID_REDIRECT, { status: 400 }) };
  }
  const nulled = await requiredUserFieldSetToNull(new URL(request.url).pathname, entries);
  if (nulled)
    return {
      ok: false,
      response: Response.json({ code: "VALIDATION_ERROR", message: `${nulled} is required`, field: nulled }, { status: 400 }),
    };
  return { ok: true, body };
}

/**
 * update-user writes the body's fields into the user row: a null for a field the user table
 * requires would end as a NOT NULL violation (a 500). Which fields are required comes from Better
 * Auth's own table definition, so fields added later are covered too.
 */
async function requiredUserFieldSetToNull(pathname: string, entries: [string, unknown][]): Promise<string | null> {
  if (!pathname.endsWith("/update-user") || !entries.some(([, v]) => v === null)) return null;
  const fields = (await getAuth().$context).tables.user?.fields ?? {};
  for (const [name, value] of entries) if (value === null && fields[name]?.required) return name;
  return null;
}

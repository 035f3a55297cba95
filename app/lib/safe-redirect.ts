/**
 * The one check for a redirect target that came from a request (redirectTo, callbackURL, ...).
 *
 * A target is accepted only when it is a path on this site: it is parsed as a URL against the
 * site's own address, its origin must be the site's, and what comes back is the normalised
 * path + query + fragment (ASCII, percent-encoded), never the raw input. Forms that browsers or
 * proxies read differently from the URL parser are refused outright rather than repaired:
 * control characters and whitespace (raw or percent-encoded), backslashes, encoded slashes or
 * backslashes in the path, and anything whose normalised path starts with "//" ("/.//host").
 */

/** The longest redirect target accepted. */
export const MAX_REDIRECT_LENGTH = 2048;
const MAX_LENGTH = MAX_REDIRECT_LENGTH;
// C0 controls, space, DEL, backslash: browsers strip or reinterpret them (tab and newlines vanish, "\" becomes "/").
const UNSAFE_CHAR = /[\u0000-\u0020\u007f\\]/;
// The same characters percent-encoded, anywhere (a later decode must not turn them back into the above).
const UNSAFE_ENCODED = /%(?:[01][0-9a-f]|20|7f|5c)/i;
// An encoded "/" in the path can become a second leading slash once something decodes it.
const ENCODED_SLASH = /%2f/i;

/**
 * `value` as a same-origin path + query + fragment, or null when it is not one.
 * `siteUrl` is the site's own address (APP_URL).
 */
export function sameOriginPath(value: unknown, siteUrl: string): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  // A path, not a scheme ("javascript:", "http:"), not protocol-relative ("//host", "/\host").
  if (value[0] !== "/" || value[1] === "/") return null;
  if (UNSAFE_CHAR.test(value) || UNSAFE_ENCODED.test(value)) return null;
  const pathPart = value.split(/[?#]/, 1)[0] ?? "";
  if (ENCODED_SLASH.test(pathPart)) return null;
  let site: URL;
  let target: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(value, site);
  } catch {
    return null;
  }
  if (target.origin !== site.origin || target.username !== "" || target.password !== "") return null;
  // Dot segments are resolved by the parser: "/.//host" becomes "//host", which a browser reads as another host.
  if (target.pathname.startsWith("//")) return null;
  return target.pathname + target.search + target.hash;
}

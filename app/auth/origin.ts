/**
 * CSRF guard shared by our form actions and Better Auth's mail-sending endpoints: a browser POST
 * carries Origin, and when it is present it must be one of ours; without it, Fetch Metadata must
 * not say cross-site, and a Referer (a browser that sends no Origin still names the page the form
 * was on) must be a page of ours. (Clients that send none of them are not browsers, so there is no
 * victim to forge for.)
 */
export function isTrustedOriginOf(headers: Headers, trusted: readonly string[]): boolean {
  const origin = headers.get("origin");
  if (origin) return trusted.includes(origin);
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const referer = headers.get("referer");
  return !referer || trusted.includes(originOf(referer));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * CSRF guard shared by our form actions and Better Auth's mail-sending endpoints: a browser POST
 * carries Origin, and when it is present it must be one of ours; without it, Fetch Metadata must
 * not say cross-site. (Clients that send neither are not browsers, so there is no victim to forge for.)
 */
export function isTrustedOriginOf(headers: Headers, trusted: readonly string[]): boolean {
  const origin = headers.get("origin");
  if (origin) return trusted.includes(origin);
  const site = headers.get("sec-fetch-site");
  return !site || site === "same-origin" || site === "none";
}

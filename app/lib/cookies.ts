/**
 * Every value of the cookie `name` in a Cookie header, in the order sent (trimmed, not URL-decoded).
 * A browser may send the same name twice (two paths or domains); callers decide which one counts.
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq >= 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

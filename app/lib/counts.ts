/**
 * A count for a narrow stat (the profile's stats strip): exact with thousands separators below 10,000
 * ("2,096"), compact above ("19.5K", "1.2M"), so five counts fit side by side on a 390 px phone. The
 * exact number goes in the accessible name (`countLabel`). Fixed locale: the server and the browser
 * print the same text (hydration).
 */
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const exact = new Intl.NumberFormat("en-US");

export function shortCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  return Math.abs(n) < 10_000 ? exact.format(n) : compact.format(n);
}

export function countLabel(n: number): string {
  return exact.format(Number.isFinite(n) ? n : 0);
}

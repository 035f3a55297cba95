/**
 * Isomorphic date helpers (no Intl / locale dependence, so the server and the
 * browser always render the same text and hydration never mismatches).
 */

export type DateInput = Date | string | number;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Numbers below this are treated as unix seconds (IGDB), otherwise as milliseconds. */
const SECONDS_THRESHOLD = 1e11;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_ONLY = /^(\d{4})$/;
// Date-time without an explicit zone: interpreted as UTC (deterministic across environments).
const DATE_TIME_NO_ZONE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;
const INTEGER = /^-?\d+$/;

function utcDate(year: number, month: number, day: number, h = 0, m = 0, s = 0, ms = 0): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || h > 23 || m > 59 || s > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, h, m, s, ms));
  // Reject overflowing dates such as 2021-02-30 instead of silently rolling over.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date;
}

function fromNumber(value: number): Date | null {
  if (!Number.isFinite(value)) return null;
  const ms = Math.abs(value) < SECONDS_THRESHOLD ? value * 1000 : value;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Parses the date shapes used across the app:
 * - `Date` objects (invalid dates rejected);
 * - numbers: unix seconds when `|n| < 1e11` (IGDB `first_release_date`), else milliseconds;
 * - 'YYYY-MM-DD' (a UTC calendar date), 'YYYY' (January 1 UTC), zone-less date-times (UTC),
 *   digit-only strings (as numbers) and any other string `Date.parse` understands.
 * Returns `null` for anything unparseable.
 */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  }
  if (typeof value === "number") return fromNumber(value);
  if (typeof value !== "string") return null;

  const text = value.trim();
  if (text === "") return null;

  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    return utcDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
  }
  const yearOnly = YEAR_ONLY.exec(text);
  if (yearOnly) return utcDate(Number(yearOnly[1]), 1, 1);

  const dateTime = DATE_TIME_NO_ZONE.exec(text);
  if (dateTime) {
    const fraction = dateTime[7] ?? "0";
    return utcDate(
      Number(dateTime[1]),
      Number(dateTime[2]),
      Number(dateTime[3]),
      Number(dateTime[4]),
      Number(dateTime[5]),
      Number(dateTime[6] ?? "0"),
      Math.floor(Number(`0.${fraction}`) * 1000),
    );
  }
  if (INTEGER.test(text)) return fromNumber(Number(text));

  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/**
 * 'just now', 'Nm ago', 'Nh ago', 'Nd ago' (under 7 days), 'Nw ago' (under 30 days),
 * 'Nmo ago' (under a year), 'Ny ago'. 'recently' for unparseable input.
 * Dates in the future (clock skew) read 'just now'.
 */
export function formatRelativeTime(date: DateInput | null | undefined, now: Date = new Date()): string {
  const parsed = parseDate(date);
  if (!parsed || Number.isNaN(now.getTime())) return "recently";

  const diff = now.getTime() - parsed.getTime();
  if (diff < MINUTE) return "just now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;

  const days = Math.floor(diff / DAY);
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.min(11, Math.max(1, Math.floor(days / 30)))}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** Long release date in UTC, e.g. 'March 5, 2020'; 'Unknown' when missing or unparseable. */
export function formatReleaseDate(value: DateInput | null | undefined): string {
  const parsed = parseDate(value);
  if (!parsed) return "Unknown";
  const month = MONTH_NAMES[parsed.getUTCMonth()] ?? "";
  return `${month} ${parsed.getUTCDate()}, ${parsed.getUTCFullYear()}`;
}

/** UTC release year, or `null` when missing or unparseable. */
export function releaseYear(value: DateInput | null | undefined): number | null {
  const parsed = parseDate(value);
  return parsed ? parsed.getUTCFullYear() : null;
}

/** '2020'; 'TBA' when missing or invalid; '2027 (Upcoming)' for dates after `now`. */
export function formatReleaseYear(value: DateInput | null | undefined, now: Date = new Date()): string {
  const parsed = parseDate(value);
  if (!parsed) return "TBA";
  const year = String(parsed.getUTCFullYear());
  return parsed.getTime() > now.getTime() ? `${year} (Upcoming)` : year;
}

/** True when the date parses and lies after `now`. */
export function isUpcoming(value: DateInput | null | undefined, now: Date = new Date()): boolean {
  const parsed = parseDate(value);
  return parsed !== null && parsed.getTime() > now.getTime();
}

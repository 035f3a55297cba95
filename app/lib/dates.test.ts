import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatReleaseDate, formatReleaseYear, isUpcoming, parseDate, releaseYear } from "./dates";

const NOW = new Date("2024-06-15T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("parseDate", () => {
  it("parses YYYY-MM-DD as a UTC calendar date", () => {
    expect(parseDate("2020-03-05")?.toISOString()).toBe("2020-03-05T00:00:00.000Z");
  });

  it("rejects impossible calendar dates", () => {
    expect(parseDate("2021-02-30")).toBeNull();
    expect(parseDate("2021-13-01")).toBeNull();
    expect(parseDate("2021-00-10")).toBeNull();
  });

  it("accepts leap days", () => {
    expect(parseDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("treats numbers below 1e11 as unix seconds (IGDB)", () => {
    expect(parseDate(1583366400)?.toISOString()).toBe("2020-03-05T00:00:00.000Z");
    expect(parseDate(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });

  it("treats large numbers as milliseconds", () => {
    expect(parseDate(1583366400000)?.toISOString()).toBe("2020-03-05T00:00:00.000Z");
  });

  it("treats negative seconds as pre-1970 dates", () => {
    expect(parseDate(-86400)?.toISOString()).toBe("1969-12-31T00:00:00.000Z");
  });

  it("parses digit-only strings as numbers", () => {
    expect(parseDate("1583366400")?.toISOString()).toBe("2020-03-05T00:00:00.000Z");
  });

  it("parses a bare year as January 1 UTC", () => {
    expect(parseDate("1998")?.toISOString()).toBe("1998-01-01T00:00:00.000Z");
  });

  it("parses ISO timestamps with zones", () => {
    expect(parseDate("2020-03-05T10:20:30.000Z")?.toISOString()).toBe("2020-03-05T10:20:30.000Z");
    expect(parseDate("2020-03-05T10:20:30+02:00")?.toISOString()).toBe("2020-03-05T08:20:30.000Z");
  });

  it("parses zone-less timestamps as UTC", () => {
    expect(parseDate("2020-03-05 10:20:30")?.toISOString()).toBe("2020-03-05T10:20:30.000Z");
    expect(parseDate("2020-03-05T10:20")?.toISOString()).toBe("2020-03-05T10:20:00.000Z");
    expect(parseDate("2020-03-05T10:20:30.123456")?.toISOString()).toBe("2020-03-05T10:20:30.123Z");
  });

  it("copies Date objects and rejects invalid ones", () => {
    const date = new Date("2020-03-05T00:00:00Z");
    const parsed = parseDate(date);
    expect(parsed?.getTime()).toBe(date.getTime());
    expect(parsed).not.toBe(date);
    expect(parseDate(new Date("nope"))).toBeNull();
  });

  it("returns null for garbage", () => {
    for (const value of ["", "   ", "not a date", null, undefined, NaN, Infinity, {}, [], true]) {
      expect(parseDate(value)).toBeNull();
    }
  });
});

describe("formatRelativeTime", () => {
  it("says just now under a minute", () => {
    expect(formatRelativeTime(NOW, NOW)).toBe("just now");
    expect(formatRelativeTime(ago(59 * SEC), NOW)).toBe("just now");
  });

  it("says just now for future dates (clock skew)", () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * MIN), NOW)).toBe("just now");
  });

  it("formats minutes", () => {
    expect(formatRelativeTime(ago(MIN), NOW)).toBe("1m ago");
    expect(formatRelativeTime(ago(59 * MIN + 59 * SEC), NOW)).toBe("59m ago");
  });

  it("formats hours", () => {
    expect(formatRelativeTime(ago(HOUR), NOW)).toBe("1h ago");
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MIN), NOW)).toBe("23h ago");
  });

  it("formats days under a week", () => {
    expect(formatRelativeTime(ago(DAY), NOW)).toBe("1d ago");
    expect(formatRelativeTime(ago(6 * DAY + 23 * HOUR), NOW)).toBe("6d ago");
  });

  it("formats weeks under 30 days", () => {
    expect(formatRelativeTime(ago(7 * DAY), NOW)).toBe("1w ago");
    expect(formatRelativeTime(ago(13 * DAY), NOW)).toBe("1w ago");
    expect(formatRelativeTime(ago(14 * DAY), NOW)).toBe("2w ago");
    expect(formatRelativeTime(ago(29 * DAY), NOW)).toBe("4w ago");
  });

  it("formats months under a year", () => {
    expect(formatRelativeTime(ago(30 * DAY), NOW)).toBe("1mo ago");
    expect(formatRelativeTime(ago(60 * DAY), NOW)).toBe("2mo ago");
    expect(formatRelativeTime(ago(364 * DAY), NOW)).toBe("11mo ago");
  });

  it("formats years", () => {
    expect(formatRelativeTime(ago(365 * DAY), NOW)).toBe("1y ago");
    expect(formatRelativeTime(ago(3 * 365 * DAY + 10 * DAY), NOW)).toBe("3y ago");
  });

  it("accepts strings and numbers", () => {
    expect(formatRelativeTime("2024-06-15T11:00:00Z", NOW)).toBe("1h ago");
    expect(formatRelativeTime(NOW.getTime() - 2 * HOUR, NOW)).toBe("2h ago");
    expect(formatRelativeTime(NOW.getTime() / 1000 - 3 * 60, NOW)).toBe("3m ago");
  });

  it("says recently for unparseable input", () => {
    expect(formatRelativeTime("garbage", NOW)).toBe("recently");
    expect(formatRelativeTime(null, NOW)).toBe("recently");
    expect(formatRelativeTime(undefined, NOW)).toBe("recently");
    expect(formatRelativeTime(new Date("x"), NOW)).toBe("recently");
    expect(formatRelativeTime(NaN, NOW)).toBe("recently");
  });

  it("defaults now to the current time", () => {
    expect(formatRelativeTime(new Date())).toBe("just now");
  });
});

describe("formatReleaseDate", () => {
  it("uses the long US format in UTC", () => {
    expect(formatReleaseDate("2020-03-05")).toBe("March 5, 2020");
    expect(formatReleaseDate("1998-11-21")).toBe("November 21, 1998");
    expect(formatReleaseDate(new Date("2017-03-03T23:30:00Z"))).toBe("March 3, 2017");
  });

  it("accepts IGDB unix seconds", () => {
    expect(formatReleaseDate(1583366400)).toBe("March 5, 2020");
  });

  it("covers every month name", () => {
    const months = Array.from({ length: 12 }, (_, i) => formatReleaseDate(`2020-${String(i + 1).padStart(2, "0")}-01`).split(" ")[0]);
    expect(months).toEqual([
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
    ]);
  });

  it("says Unknown when missing or unparseable", () => {
    expect(formatReleaseDate(null)).toBe("Unknown");
    expect(formatReleaseDate(undefined)).toBe("Unknown");
    expect(formatReleaseDate("")).toBe("Unknown");
    expect(formatReleaseDate("soon")).toBe("Unknown");
  });
});

describe("releaseYear", () => {
  it("returns the UTC year", () => {
    expect(releaseYear("2020-03-05")).toBe(2020);
    expect(releaseYear(1583366400)).toBe(2020);
    // 2019-12-31T23:30 UTC is still 2019 regardless of the machine time zone.
    expect(releaseYear("2019-12-31T23:30:00Z")).toBe(2019);
    expect(releaseYear(new Date(Date.UTC(1985, 8, 13)))).toBe(1985);
  });

  it("returns null when missing or invalid", () => {
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear(undefined)).toBeNull();
    expect(releaseYear("nope")).toBeNull();
  });
});

describe("formatReleaseYear", () => {
  it("formats past years", () => {
    expect(formatReleaseYear("2020-03-05", NOW)).toBe("2020");
    expect(formatReleaseYear(1583366400, NOW)).toBe("2020");
  });

  it("adds (Upcoming) for future dates", () => {
    expect(formatReleaseYear("2027-01-01", NOW)).toBe("2027 (Upcoming)");
    expect(formatReleaseYear("2024-12-01", NOW)).toBe("2024 (Upcoming)");
  });

  it("does not mark the current instant as upcoming", () => {
    expect(formatReleaseYear(NOW, NOW)).toBe("2024");
  });

  it("says TBA when missing or invalid", () => {
    expect(formatReleaseYear(null, NOW)).toBe("TBA");
    expect(formatReleaseYear(undefined, NOW)).toBe("TBA");
    expect(formatReleaseYear("", NOW)).toBe("TBA");
    expect(formatReleaseYear("2020-02-31", NOW)).toBe("TBA");
    expect(formatReleaseYear(NaN, NOW)).toBe("TBA");
  });

  it("defaults now to the current time", () => {
    expect(formatReleaseYear("2000-01-01")).toBe("2000");
    expect(formatReleaseYear("2999-01-01")).toBe("2999 (Upcoming)");
  });
});

describe("isUpcoming", () => {
  it("is true only for parseable future dates", () => {
    expect(isUpcoming("2030-01-01", NOW)).toBe(true);
    expect(isUpcoming("2020-01-01", NOW)).toBe(false);
    expect(isUpcoming(null, NOW)).toBe(false);
    expect(isUpcoming("x", NOW)).toBe(false);
  });
});

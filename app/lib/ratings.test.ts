import { describe, expect, it } from "vitest";
import { averageRating, countRatings, formatRating, formatRatingOutOf10, isValidRating, ratingHistogram } from "./ratings";

describe("formatRating", () => {
  it("uses one decimal", () => {
    expect(formatRating(7.5)).toBe("7.5");
    expect(formatRating(8)).toBe("8.0");
    expect(formatRating(1)).toBe("1.0");
    expect(formatRating(7.25)).toBe("7.3");
    expect(formatRating(6.666666)).toBe("6.7");
  });

  it("shows 10 as 10", () => {
    expect(formatRating(10)).toBe("10");
    expect(formatRating(9.96)).toBe("10");
  });

  it("keeps 9.9 as 9.9", () => {
    expect(formatRating(9.94)).toBe("9.9");
  });

  it("shows - for missing values", () => {
    expect(formatRating(null)).toBe("-");
    expect(formatRating(undefined)).toBe("-");
    expect(formatRating(NaN)).toBe("-");
    expect(formatRating(Infinity)).toBe("-");
  });
});

describe("formatRatingOutOf10", () => {
  it("appends /10", () => {
    expect(formatRatingOutOf10(7.5)).toBe("7.5/10");
    expect(formatRatingOutOf10(10)).toBe("10/10");
    expect(formatRatingOutOf10(3)).toBe("3.0/10");
  });

  it("shows - for missing values", () => {
    expect(formatRatingOutOf10(null)).toBe("-");
    expect(formatRatingOutOf10(NaN)).toBe("-");
  });
});

describe("isValidRating", () => {
  it("accepts 1 to 10 in half steps", () => {
    for (let r = 1; r <= 10; r += 0.5) expect(isValidRating(r)).toBe(true);
  });

  it("rejects off-step, out-of-range and non-numbers", () => {
    for (const value of [0, 0.5, 10.5, 11, -1, 7.25, 7.3, NaN, Infinity, "7", null, undefined]) {
      expect(isValidRating(value)).toBe(false);
    }
  });
});

describe("averageRating", () => {
  it("averages numeric ratings 1..10", () => {
    expect(averageRating([8, 9, 10])).toBe(9);
    expect(averageRating([7.5])).toBe(7.5);
    expect(averageRating([1, 2])).toBe(1.5);
  });

  it("ignores invalid entries", () => {
    expect(averageRating([8, null, undefined, NaN, 0, 11, -3, 10])).toBe(9);
  });

  it("returns null when nothing counts", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([null, 0, 12])).toBeNull();
  });
});

describe("countRatings", () => {
  it("counts only ratings 1..10", () => {
    expect(countRatings([1, 10, 5.5, 0, null, 11, NaN])).toBe(3);
  });
});

describe("ratingHistogram", () => {
  it("returns ten zero bars for no ratings", () => {
    expect(ratingHistogram([])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("buckets by the rating rounded down", () => {
    expect(ratingHistogram([1, 1.5, 7, 7.5, 9.5])).toEqual([2, 0, 0, 0, 0, 0, 2, 0, 1, 0]);
  });

  it("puts 10 in bar 10", () => {
    expect(ratingHistogram([10, 10])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });

  it("ignores invalid ratings", () => {
    expect(ratingHistogram([0, 0.5, 10.5, -1, NaN, null, undefined, Infinity])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("always has length 10 and sums to the valid count", () => {
    const ratings = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5.5, 0];
    const bars = ratingHistogram(ratings);
    expect(bars).toHaveLength(10);
    expect(bars.reduce((a, b) => a + b, 0)).toBe(11);
  });
});

import { describe, expect, it } from "vitest";
import { countLabel, shortCount } from "./counts";

describe("shortCount", () => {
  it("is exact with separators below 10,000 and compact from there", () => {
    expect(shortCount(0)).toBe("0");
    expect(shortCount(7)).toBe("7");
    expect(shortCount(2096)).toBe("2,096");
    expect(shortCount(9999)).toBe("9,999");
    expect(shortCount(10_000)).toBe("10K");
    expect(shortCount(19_504)).toBe("19.5K");
    expect(shortCount(1_234_567)).toBe("1.2M");
  });

  it("never prints NaN or Infinity", () => {
    expect(shortCount(Number.NaN)).toBe("0");
    expect(countLabel(Number.POSITIVE_INFINITY)).toBe("0");
  });

  it("labels the exact number", () => {
    expect(countLabel(19_504)).toBe("19,504");
  });
});

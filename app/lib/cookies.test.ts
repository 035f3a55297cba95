import { describe, expect, it } from "vitest";
import { cookieValues } from "./cookies";

describe("cookieValues", () => {
  it("finds a cookie by its exact name, every occurrence in order, values trimmed and left encoded", () => {
    expect(cookieValues("a=1; sp=x%3D; b=2", "sp")).toEqual(["x%3D"]);
    expect(cookieValues(" sp = one ;sp=two", "sp")).toEqual(["one", "two"]);
    expect(cookieValues("xsp=1; spx=2; sp", "sp")).toEqual([]);
    expect(cookieValues("sp=a=b", "sp")).toEqual(["a=b"]);
    expect(cookieValues(null, "sp")).toEqual([]);
    expect(cookieValues("", "sp")).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { loader } from "./enhanced-search-test";

const original = process.env.NODE_ENV;
afterEach(() => {
  if (original === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = original;
});

/** The loader's answer: null (page shown) or the thrown Response's status. */
function status(): number | null {
  try {
    return loader() === null ? null : -1;
  } catch (err) {
    if (err instanceof Response) return err.status;
    throw err;
  }
}

describe("/enhanced-search-test: a developer page, only outside production", () => {
  it("is available in development and in tests", () => {
    process.env.NODE_ENV = "development";
    expect(status()).toBeNull();
    process.env.NODE_ENV = "test";
    expect(status()).toBeNull();
  });

  it("answers 404 in production, and when NODE_ENV is unset (the server's default is production)", () => {
    process.env.NODE_ENV = "production";
    expect(status()).toBe(404);
    delete process.env.NODE_ENV;
    expect(status()).toBe(404);
  });
});

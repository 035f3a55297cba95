import { describe, expect, it } from "vitest";
import { loader } from "./search";

type LoaderArgs = Parameters<typeof loader>[0];

async function redirectOf(path: string): Promise<Response> {
  const request = new Request(`http://savepoint.test${path}`);
  try {
    await loader({ request, params: {}, context: {} } as unknown as LoaderArgs);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`expected ${path} to redirect`);
}

describe("search page URL: filters it does not offer", () => {
  it.each([
    ["/search-results?q=mario&genres=Platform&rating=8", "/search-results?q=mario"],
    ["/search?q=zelda&genre=RPG&platform=4", "/search?q=zelda&platform=4"],
    ["/search?rating=9&year=2001", "/search?year=2001"],
  ])("%s is redirected to %s instead of being silently ignored", async (from, to) => {
    const response = await redirectOf(from);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(to);
  });
});

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

describe("search page URL: genres and rating", () => {
  it.each([
    // The header variant's genres list becomes the page's one genre; rating, which the page does not offer, goes.
    ["/search-results?q=mario&genres=Platform&rating=8", "/search-results?q=mario&genre=Platform"],
    ["/search?genres=Role-playing%20(RPG),Adventure&platform=4", "/search?platform=4&genre=Role-playing+%28RPG%29"],
    ["/search?genres=&year=2001", "/search?year=2001"],
    ["/search?rating=9&year=2001", "/search?year=2001"],
  ])("%s is redirected to %s", async (from, to) => {
    const response = await redirectOf(from);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(to);
  });
});

import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/setup/database";
import { createGame, createRating, createUser } from "../../../tests/factories";
import { loader as gameLoader } from "~/routes/api.games.$idOrSlug";
import { loader as searchLoader } from "~/routes/api.games.search";

useTestDatabase();

// Loader arguments as React Router passes them (only request and params are read).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = (url: string, params: Record<string, string> = {}): any => ({
  request: new Request(`http://localhost${url}`),
  params,
  context: {},
});

describe("JSON API", () => {
  it("searches and answers the documented shape", async () => {
    const hl = await createGame({ name: "Half-Life 2", igdbId: 233, releaseYear: 2004, platformNames: ["PC (Microsoft Windows)"] });
    await createGame({ name: "Half-Life 2: Lost Coast", igdbId: 234, releaseYear: 2005, category: 1 });
    const u = await createUser();
    await createRating({ userId: u.id, gameId: hl.id, rating: 9 });
    const res = await searchLoader(call("/api/games/search?q=half%20life%202&limit=5"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("max-age=300");
    const body = (await res.json()) as { games: Record<string, unknown>[]; total: number; page: number; pageSize: number; source: string };
    expect(body).toMatchObject({ page: 1, pageSize: 5, source: "database" });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.games[0]).toMatchObject({ id: hl.id, igdbId: 233, name: "Half-Life 2", year: 2004, avgUserRating: 9, userRatingCount: 1 });
    expect(Object.keys(body.games[0]!).sort()).toEqual(
      [
        "avgUserRating",
        "category",
        "coverUrl",
        "id",
        "igdbId",
        "name",
        "platforms",
        "releaseDate",
        "slug",
        "userRatingCount",
        "year",
      ].sort(),
    );
  });

  it("filters by genre: without a term it browses the genre; genres (the header variant's list) is read as its first genre", async () => {
    const a = await createGame({ name: "Apigenre Alpha", genres: ["Apigenre"] });
    const b = await createGame({ name: "Apigenre Beta", genres: ["Other Apigenre"] });
    const names = async (qs: string) =>
      ((await (await searchLoader(call(`/api/games/search?${qs}`))).json()) as { games: { id: number }[] }).games.map((g) => g.id);
    expect(await names("genre=Apigenre")).toEqual([a.id]);
    expect(await names("genres=Other%20Apigenre,Apigenre")).toEqual([b.id]);
    expect(await names("q=apigenre&genre=Other%20Apigenre")).toEqual([b.id]);
    const res = await searchLoader(call(`/api/games/search?genre=${"x".repeat(101)}`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/genre must be at most 100 characters/);
  });

  it("returns nothing for an empty term", async () => {
    const body = (await (await searchLoader(call("/api/games/search?q=%20%20"))).json()) as { games: unknown[]; total: number };
    expect(body).toMatchObject({ games: [], total: 0 });
  });

  it.each([
    ["limit=0", /limit must be between 1 and 50/],
    ["limit=51", /limit must be between 1 and 50/],
    ["limit=abc", /limit must be a whole number/],
    ["page=-1", /page must be a whole number/],
    ["year=20x", /year must be a whole number/],
    ["sort=price:up", /sort must be one of/],
  ])("answers 400 with a message for %s", async (qs, message) => {
    const res = await searchLoader(call(`/api/games/search?q=half&${qs}`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(message);
  });

  it("returns one game by IGDB id, game-{id} or slug; 404 and 400 otherwise", async () => {
    const g = await createGame({ name: "Portal 2", igdbId: 72, slug: "portal-2" });
    const dlc = await createGame({
      name: "Portal 2: Peer Review",
      igdbId: 73,
      slug: "portal-2-peer-review",
      parentGameId: g.id,
      category: 1,
    });
    for (const id of ["72", "game-72", "portal-2"]) {
      const res = await gameLoader(call(`/api/games/${id}`, { idOrSlug: id }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: g.id, name: "Portal 2", slug: "portal-2", parentGame: null });
    }
    const child = (await (await gameLoader(call("/api/games/73", { idOrSlug: "73" }))).json()) as { id: number; parentGame: unknown };
    expect(child).toMatchObject({ id: dlc.id, parentGame: { id: g.id, slug: "portal-2", igdbId: 72 } });
    const missing = await gameLoader(call("/api/games/nope-nope", { idOrSlug: "nope-nope" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Game not found" });
    const bad = await gameLoader(call("/api/games/%3Cx%3E", { idOrSlug: "<x>" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid game identifier" });
  });
});

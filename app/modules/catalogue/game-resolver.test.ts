import { describe, expect, it } from "vitest";
import { createGame } from "../../../tests/factories";
import { useTestDatabase } from "../../../tests/setup/database";
import { gameApi } from "./catalogue-api.server";
import { getGamePage } from "./game.service.server";
import { resolveGame } from "./game-resolver.server";
import { getRelatedContent } from "./related/related.service.server";

useTestDatabase();

describe("resolveGame: the one reading of a URL game identifier", () => {
  it("finds a game by slug, IGDB id and game-{igdbId}, in any letter case; 400 for garbage, 404 for unknown", async () => {
    const g = await createGame({ name: "Resolver Quest", slug: "resolver-quest", igdbId: 91_001 });
    for (const id of ["resolver-quest", "91001", "game-91001", " resolver-quest "]) {
      const r = await resolveGame(id);
      expect(r).toMatchObject({ ok: true, data: { game: { id: g.id }, caseFolded: false } });
    }
    for (const id of ["Resolver-Quest", "RESOLVER-QUEST", "GAME-91001", "Game-91001"]) {
      const r = await resolveGame(id);
      expect(r).toMatchObject({ ok: true, data: { game: { id: g.id }, caseFolded: true } });
    }
    expect(await resolveGame("<x>")).toEqual({ ok: false, status: 400, error: "Invalid game identifier" });
    expect(await resolveGame("0")).toEqual({ ok: false, status: 400, error: "Invalid game identifier" });
    expect(await resolveGame("99999999999")).toEqual({ ok: false, status: 400, error: "Invalid game identifier" });
    expect(await resolveGame("no-such-game")).toEqual({ ok: false, status: 404, error: "Game not found" });
    expect(await resolveGame("91002")).toEqual({ ok: false, status: 404, error: "Game not found" });
  });

  it("is the same for the game page, the game API and the related-content API", async () => {
    const g = await createGame({ name: "Casefold Saga", slug: "casefold-saga", igdbId: 91_101 });
    for (const id of ["casefold-saga", "CaseFold-Saga", "91101", "GAME-91101"]) {
      const api = await gameApi(id);
      expect(api).toMatchObject({ ok: true, data: { id: g.id } });
      const related = await getRelatedContent(id);
      expect(related.ok).toBe(true);
      const page = await getGamePage(id);
      expect(page.ok).toBe(true);
      // The page shows the canonical lower-case slug address; any other spelling redirects there.
      if (page.ok && page.kind === "redirect") expect(page.location).toBe("/game/casefold-saga");
      else expect(id).toBe("casefold-saga");
    }
    for (const id of ["bad slug!", "no-such-casefold"]) {
      const status = id === "bad slug!" ? 400 : 404;
      expect(await gameApi(id)).toMatchObject({ ok: false, status });
      expect(await getRelatedContent(id)).toMatchObject({ ok: false, status });
      expect(await getGamePage(id)).toMatchObject({ ok: false, status });
    }
  });
});

import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appState, game } from "~/db/schema";
import { normalizeTitle } from "~/lib/search-text";
import { createGame } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { DERIVATION_KEY, derivationFingerprint, refreshDerivedSearchColumns } from "./derived-refresh.server";
import { searchAliasesOf } from "./initialisms";

const db = useTestDatabase();

async function columns(ids: number[]) {
  return db
    .handle()
    .db.select({ id: game.id, name: game.name, alt: game.alternativeNames, searchName: game.searchName, searchAliases: game.searchAliases })
    .from(game)
    .where(inArray(game.id, ids))
    .orderBy(game.id);
}

describe("refreshDerivedSearchColumns", () => {
  it("derives stale rows again (only those), stores the fingerprint, then skips until the rules change", async () => {
    const stale = await createGame({ name: "TimeSplitters 2", alternativeNames: ["Time Splitters Two"] });
    const other = await createGame({ name: "Final Fantasy XIII-2" });
    const current = await createGame({ name: "Dragon Age II" });
    // Stored by older rules: no initialisms, an old normal form.
    await db.handle().db.update(game).set({ searchAliases: "", searchName: "timesplitters ii" }).where(eq(game.id, stale.id));
    await db.handle().db.update(game).set({ searchAliases: "old" }).where(eq(game.id, other.id));

    const visibility = async () =>
      (
        await db
          .handle()
          .db.execute<{ pages: number; visible: number }>(
            sql`select relpages::int as pages, relallvisible::int as visible from pg_class where relname = 'game'`,
          )
      ).rows[0]!;
    expect((await visibility()).visible).toBe(0);
    const first = await refreshDerivedSearchColumns({ batchSize: 2 });
    // Then VACUUM (ANALYZE): the rewritten pages are all-visible again for search's index-only walks.
    const after = await visibility();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    expect(first.skipped).toBe(false);
    expect(first.checked).toBeGreaterThanOrEqual(3);
    expect(first.changed).toBe(2);
    for (const row of await columns([stale.id, other.id, current.id])) {
      expect(row.searchName).toBe(normalizeTitle(row.name));
      expect(row.searchAliases).toBe(searchAliasesOf(row.name, row.alt));
    }
    expect((await columns([stale.id]))[0]!.searchAliases).toContain("ts2");
    const [state] = await db.handle().db.select().from(appState).where(eq(appState.key, DERIVATION_KEY));
    expect(state?.value).toBe(derivationFingerprint());

    await db.handle().db.update(game).set({ searchAliases: "" }).where(eq(game.id, current.id));
    expect(await refreshDerivedSearchColumns()).toMatchObject({ skipped: true, changed: 0 });
    expect((await columns([current.id]))[0]!.searchAliases).toBe("");
    // Another fingerprint stored (rules changed since): everything is gone through again.
    await db.handle().db.update(appState).set({ value: "rules of an older release" }).where(eq(appState.key, DERIVATION_KEY));
    expect(await refreshDerivedSearchColumns()).toMatchObject({ skipped: false, changed: 1 });
    expect((await columns([current.id]))[0]!.searchAliases).toBe(searchAliasesOf("Dragon Age II", []));
  });

  it("stopped midway (shutdown), it keeps the old fingerprint so the next start finishes the work", async () => {
    await db.handle().db.update(appState).set({ value: "older" }).where(eq(appState.key, DERIVATION_KEY));
    const abort = new AbortController();
    abort.abort();
    const r = await refreshDerivedSearchColumns({ signal: abort.signal });
    expect(r).toMatchObject({ skipped: false, checked: 0 });
    const [state] = await db.handle().db.select().from(appState).where(eq(appState.key, DERIVATION_KEY));
    expect(state?.value).toBe("older");
  });

  it("the fingerprint is the same from call to call", () => {
    expect(derivationFingerprint()).toBe(derivationFingerprint());
    expect(derivationFingerprint()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("changes with the community alias file, so an edited file derives the stored games again", () => {
    expect(derivationFingerprint('{"entries":[]}')).not.toBe(derivationFingerprint());
  });
});

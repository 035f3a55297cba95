import { eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createGame } from "../../../../tests/factories";
import { useTestDatabase } from "../../../../tests/setup/database";
import { game, gameGenre } from "~/db/schema";
import { listGenres } from "./platforms.queries.server";

/** The search page's Genre filter offers exactly the genres some game has, as games come, change and go. */

const db = useTestDatabase();
const tag = `${process.pid % 10000}`;
const name = (g: string) => `Zq${g}${tag}`;
const ours = async () => (await listGenres()).filter((g) => g.startsWith("Zq"));
const counts = async () =>
  Object.fromEntries(
    (await db.handle().db.select({ name: gameGenre.name, n: gameGenre.gameCount }).from(gameGenre).where(like(gameGenre.name, "Zq%"))).map(
      (r) => [r.name, r.n],
    ),
  );

describe("the Genre list", () => {
  it("loses a genre when its last game is deleted, keeps it while another game has it", async () => {
    const [a, b] = [name("Alpha"), name("Beta")];
    const one = await createGame({ genres: [a, b, a] }); // a name repeated in one game counts once
    const two = await createGame({ genres: [a] });
    expect(await counts()).toMatchObject({ [a]: 2, [b]: 1 });
    expect(await ours()).toEqual(expect.arrayContaining([a, b]));

    await db.handle().db.delete(game).where(eq(game.id, one.id));
    expect(await ours()).toContain(a);
    expect(await ours()).not.toContain(b);
    expect(await counts()).toEqual(expect.objectContaining({ [a]: 1 }));

    await db.handle().db.delete(game).where(eq(game.id, two.id));
    expect(await ours()).not.toContain(a);
    expect(Object.keys(await counts())).not.toContain(a);
  });

  it("follows a game's genres when they change: the genre it lost goes if no other game has it", async () => {
    const [c, d, e] = [name("Gamma"), name("Delta"), name("Eps")];
    const g = await createGame({ genres: [c, d] });
    await createGame({ genres: [d] });
    await db
      .handle()
      .db.update(game)
      .set({ genres: [d, e] })
      .where(eq(game.id, g.id));
    expect(await counts()).toMatchObject({ [d]: 2, [e]: 1 });
    expect(await ours()).not.toContain(c);
    expect(await ours()).toEqual(expect.arrayContaining([d, e]));
    await db.handle().db.update(game).set({ genres: [] }).where(eq(game.id, g.id));
    expect(await ours()).not.toContain(e);
    expect(await counts()).toMatchObject({ [d]: 1 });
  });

  it("counts a batch insert and a bulk delete per statement, and never lists a blank name", async () => {
    const f = name("Phi");
    const inserted = await db
      .handle()
      .db.insert(game)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          name: `Genre batch ${tag} ${i}`,
          slug: `genre-batch-${tag}-${i}`,
          genres: [f, "  "],
        })),
      )
      .returning({ id: game.id });
    expect(await counts()).toMatchObject({ [f]: 5 });
    expect(await listGenres()).not.toContain("  ");
    const ids = inserted.map((r) => r.id);
    await db
      .handle()
      .db.delete(game)
      .where(inArray(game.id, ids.slice(0, 4)));
    expect(await counts()).toMatchObject({ [f]: 1 });
    await db
      .handle()
      .db.delete(game)
      .where(inArray(game.id, ids.slice(4)));
    expect(await ours()).not.toContain(f);
  });

  it("stays equal to what the games hold", async () => {
    const truth = await db.handle().db.execute<{ g: string; n: number }>(sql`
      select g, count(distinct id)::int as n from game, unnest(genres) as g where length(btrim(g)) > 0 group by g order by g`);
    const stored = await db.handle().db.select({ g: gameGenre.name, n: gameGenre.gameCount }).from(gameGenre).orderBy(gameGenre.name);
    expect(stored).toEqual(truth.rows);
  });
});

import { describe, expect, it } from "vitest";
import { createGame, createUser } from "../../tests/factories";
import { useTestDatabase } from "../../tests/setup/database";
import { APP_URL } from "../../tests/support/auth";
import { user, userCollection, userFollow, userWishlist } from "~/db/schema";
import * as route from "./user";

const db = useTestDatabase();

const load = async (path: string, id?: string) => {
  try {
    return await route.loader({ request: new Request(`${APP_URL}${path}`), params: { id }, context: {} } as never);
  } catch (thrown) {
    return thrown;
  }
};

describe("/user/:id", () => {
  it("without an id sends a visitor to /users", async () => {
    const r = (await load("/user")) as Response;
    expect([r.status, r.headers.get("location")]).toEqual([302, "/users"]);
  });

  it("answers 'Invalid user ID' (400) for a non-numeric id, and sends a missing user to /users", async () => {
    const bad = (await load("/user/abc", "abc")) as { data: { invalid: boolean }; init: { status: number } };
    expect([bad.init.status, bad.data.invalid]).toEqual([400, true]);
    const missing = (await load("/user/2000000000", "2000000000")) as Response;
    expect([missing.status, missing.headers.get("location")]).toEqual([302, "/users"]);
  });

  it("is server-rendered data with Open Graph tags: the name and the avatar (or the default image)", async () => {
    const u = await createUser({ name: "Grace", avatarUrl: `/uploads/${"a".repeat(64)}.webp` });
    const data = (await load(`/user/${u.id}?dialog=followers`, String(u.id))) as Exclude<
      Awaited<ReturnType<typeof route.loader>>,
      Response
    >;
    expect(data).toMatchObject({ invalid: false, dialog: { name: "followers", people: [] }, tab: { tab: "top5" } });
    const tags = route.meta({ loaderData: data } as never) as Record<string, string>[];
    expect(tags).toContainEqual({ property: "og:title", content: "Grace" });
    expect(tags).toContainEqual({ property: "og:image", content: `${APP_URL}/uploads/${"a".repeat(64)}.webp` });
    const plain = await createUser({ name: "Plain" });
    const d2 = await load(`/user/${plain.id}`, String(plain.id));
    expect(route.meta({ loaderData: d2 } as never)).toContainEqual({ property: "og:image", content: `${APP_URL}/og-image.jpg` });
  });

  it("follow dialog: 'Load more' is the same page with ?after=, and an odd ?after= is the first page (200)", async () => {
    const owner = await createUser();
    const fans = await db
      .handle()
      .db.insert(user)
      .values(
        Array.from({ length: 51 }, (_, i) => ({
          email: `fan${i}.${owner.id}@example.test`,
          name: `Fan ${i}`,
          username: `fan${owner.id}_${i}`,
          emailVerified: true,
        })),
      )
      .returning({ id: user.id });
    await db
      .handle()
      .db.insert(userFollow)
      .values(fans.map((f) => ({ followerId: f.id, followingId: owner.id })));
    type Loaded = Extract<Awaited<ReturnType<typeof route.loader>>, { invalid: false }>;
    const people = async (query: string) => {
      const d = (await load(`/user/${owner.id}?dialog=followers${query}`, String(owner.id))) as Loaded;
      if (d.dialog?.name !== "followers") throw new Error("not the followers dialog");
      return d.dialog;
    };
    const first = await people("");
    expect(first.people).toHaveLength(50);
    const second = await people(`&after=${first.nextCursor}`);
    expect(second.people).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.people, ...second.people].map((p) => p.id)).size).toBe(51);
    for (const odd of ["x", "1_", "9".repeat(300), "%00"])
      expect((await people(`&after=${odd}`)).people.map((p) => p.id)).toEqual(first.people.map((p) => p.id));
  });

  it("Want to Play: a bad or out-of-range page is page 1 or the last page (200), never an error", async () => {
    const u = await createUser();
    for (let i = 0; i < 40; i++) {
      const g = await createGame({ igdbId: 700_000 + i });
      await db.handle().db.insert(userCollection).values({ userId: u.id, igdbId: g.igdbId!, gameId: g.id });
    }
    const g = await createGame({ igdbId: 700_100 });
    await db.handle().db.insert(userWishlist).values({ userId: u.id, igdbId: g.igdbId!, gameId: g.id });
    type Loaded = Extract<Awaited<ReturnType<typeof route.loader>>, { invalid: false }>;
    const playlist = async (query: string) => {
      const d = (await load(`/user/${u.id}?tab=playlist&${query}`, String(u.id))) as Loaded;
      expect(d).toMatchObject({ invalid: false, tab: { tab: "playlist" } });
      if (d.tab.tab !== "playlist") throw new Error("not the Want to Play tab");
      const { collection, wishlist, error } = d.tab.playlist;
      return [collection.page, collection.pageCount, collection.total, collection.games.length, wishlist.page, wishlist.total, error];
    };
    expect(await playlist("collectionPage=abc")).toEqual([1, 2, 40, 36, 1, 1, null]);
    expect(await playlist("collectionPage=999999")).toEqual([2, 2, 40, 4, 1, 1, null]);
    expect(await playlist("collectionPage=2&wishlistPage=-3")).toEqual([2, 2, 40, 4, 1, 1, null]);
    expect(await playlist(`collectionPage=${"9".repeat(200)}&wishlistPage=0`)).toEqual([2, 2, 40, 4, 1, 1, null]);
  });
});

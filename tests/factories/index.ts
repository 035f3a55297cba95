import { searchAliasesOf } from "../../app/modules/catalogue/search/initialisms";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../app/db/client.server";
import { game, platform, platformGames, rating, user } from "../../app/db/schema";
import { normalizeTitle } from "../../app/lib/search-text";
import { slugify } from "../../app/lib/slugs";
import type { SessionUser } from "../../app/auth/session.server";
import { adjustGameRatingStats } from "../../app/modules/reviews/reviews.queries.server";

/** Factories: each test builds its own rows. Unique values come from a counter. */
let seq = 0;
const next = () => `${process.pid}${++seq}`;

export async function createUser(over: Partial<typeof user.$inferInsert> = {}) {
  const n = next();
  const [row] = await getDb()
    .insert(user)
    .values({ email: `user${n}@example.test`, name: `User ${n}`, username: `user${n}`.slice(0, 21), emailVerified: true, ...over })
    .returning();
  return row!;
}

/** The signed-in user a service sees for a user row (not an admin, no avatar). */
export function sessionUserOf(u: Awaited<ReturnType<typeof createUser>>): SessionUser {
  return { id: u.id, username: u.username, name: u.name, email: u.email, avatarUrl: null, isAdmin: false };
}

/** A new user, as the signed-in user a service sees. */
export async function createActor(over: Partial<typeof user.$inferInsert> = {}): Promise<SessionUser> {
  return sessionUserOf(await createUser(over));
}

/** The review form's fields as the write page posts them (a valid review unless overridden). */
export function reviewForm(over: Record<string, string> = {}): Record<string, string> {
  return { rating: "7.5", recommended: "yes", finished: "yes", platform: "PC", text: "A fine game.", playtime: "12", ...over };
}

export interface GameOverrides extends Partial<typeof game.$inferInsert> {
  platformNames?: string[];
}

export async function createGame(over: GameOverrides = {}) {
  const { platformNames = [], ...values } = over;
  const name = values.name ?? `Test Game ${next()}`;
  const [row] = await getDb()
    .insert(game)
    .values({
      name,
      slug: values.slug ?? `${slugify(name) || "game"}-${next()}`,
      searchName: normalizeTitle(name),
      searchAliases: searchAliasesOf(name, values.alternativeNames ?? [], values.igdbId),
      platforms: platformNames,
      ...values,
    })
    .returning();
  for (const p of platformNames) {
    const [pl] = await getDb()
      .insert(platform)
      .values({ name: p })
      .onConflictDoUpdate({ target: platform.name, set: { name: sql`excluded.name` } })
      .returning();
    await getDb().insert(platformGames).values({ gameId: row!.id, platformId: pl!.id }).onConflictDoNothing();
  }
  return row!;
}

/** A rating (review), keeping the user's and the game's denormalised counts in step as the app does. */
export async function createRating(over: { userId: number; gameId: number } & Partial<typeof rating.$inferInsert>) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(rating)
      .values({ rating: 7, ...over })
      .returning();
    await tx
      .update(user)
      .set({ ratingCount: sql`${user.ratingCount} + 1` })
      .where(eq(user.id, over.userId));
    await adjustGameRatingStats(tx, over.gameId, null, { rating: Number(row!.rating), review: row!.review });
    return row!;
  });
}

import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { gameProgress } from "~/db/schema";

/** The database or an open transaction: progress written by a review commits with the review. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface ProgressRow {
  started: boolean;
  completed: boolean;
}

export async function findProgress(userId: number, gameId: number, db: Executor = getDb()): Promise<ProgressRow | null> {
  const [row] = await db
    .select({ started: gameProgress.started, completed: gameProgress.completed })
    .from(gameProgress)
    .where(and(eq(gameProgress.userId, userId), eq(gameProgress.gameId, gameId)))
    .limit(1);
  return row ?? null;
}

/**
 * Started: started_date kept when already set. Completed: started too, completed_date now. A game
 * already completed stays completed (marking it started again changes nothing). One statement, so
 * two writers for the same user and game end in one row.
 */
export async function upsertProgress(
  db: Executor,
  row: { userId: number; gameId: number; igdbId: number | null; completed: boolean },
): Promise<void> {
  await db
    .insert(gameProgress)
    .values({
      userId: row.userId,
      gameId: row.gameId,
      igdbId: row.igdbId,
      started: true,
      completed: row.completed,
      startedDate: sql`now()`,
      completedDate: row.completed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [gameProgress.userId, gameProgress.gameId],
      set: {
        started: true,
        completed: sql`${gameProgress.completed} or excluded.completed`,
        startedDate: sql`coalesce(${gameProgress.startedDate}, excluded.started_date)`,
        completedDate: sql`case when ${gameProgress.completed} then ${gameProgress.completedDate} else excluded.completed_date end`,
        igdbId: sql`coalesce(excluded.igdb_id, ${gameProgress.igdbId})`,
        updatedAt: sql`now()`,
      },
    });
}

import { findProgress, upsertProgress, type Executor } from "./progress.queries.server";

/** Per user and game: not tracked, started, or finished (which implies started). */
export type ProgressState = "none" | "started" | "completed";

export async function getProgressState(userId: number, gameId: number): Promise<ProgressState> {
  const row = await findProgress(userId, gameId);
  if (!row) return "none";
  return row.completed ? "completed" : row.started ? "started" : "none";
}

/**
 * Records progress for a game the caller has already checked (it exists; the user is the actor).
 * Pass the open transaction so the progress commits or rolls back with the write that caused it.
 */
export async function markProgress(
  db: Executor,
  entry: { userId: number; gameId: number; igdbId: number | null },
  state: "started" | "completed",
): Promise<void> {
  await upsertProgress(db, { ...entry, completed: state === "completed" });
}

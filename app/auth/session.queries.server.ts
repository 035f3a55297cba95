import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { session, user } from "~/db/schema";
import type { SessionUser } from "./session.server";

/** The signed-in user with the session's expiry (the caller decides between fresh, due and expired). */
export type SessionUserRow = SessionUser & { expiresAt: Date };

/** A session by its token, with the user it belongs to (one statement, the unique token index). */
export async function findSessionUser(token: string): Promise<SessionUserRow | null> {
  const [row] = await getDb()
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      avatarUrl: user.avatarUrl,
      isAdmin: user.isAdmin,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  return row ?? null;
}

import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { session, user, userPreferences } from "~/db/schema";
import type { SessionUser } from "./session.server";

/**
 * The signed-in user with the session's expiry (the caller decides between fresh, due and expired) and
 * the account's user_preferences row, all null when it has none.
 */
export type SessionUserRow = Omit<SessionUser, "storedConsent"> & {
  expiresAt: Date;
  analyticsOptedIn: boolean | null;
  trackingLevel: string | null;
  consentDate: Date | null;
};

/**
 * A session by its token, with the user it belongs to and that user's privacy choice (one statement:
 * the unique token index, then primary keys), which every signed-in page shows or obeys.
 */
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
      analyticsOptedIn: userPreferences.analyticsOptedIn,
      trackingLevel: userPreferences.trackingLevel,
      consentDate: userPreferences.consentDate,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, user.id))
    .where(eq(session.token, token))
    .limit(1);
  return row ?? null;
}

/** Ends one session by its token (a session opened for nobody's use, e.g. by a verification link). */
export async function deleteSessionByToken(token: string): Promise<void> {
  await getDb().delete(session).where(eq(session.token, token));
}

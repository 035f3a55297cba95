import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema";

/**
 * The operator flag (user.is_admin): only this and `npm run user:admin` change it; Better Auth
 * refuses it from sign-up and update-user (additionalFields input: false).
 */
export type SetAdminResult = { ok: true; id: number; username: string; changed: boolean } | { ok: false; error: string };

export async function setAdminByUsername(username: string, isAdmin: boolean): Promise<SetAdminResult> {
  const name = username.trim().replace(/^@/, "").toLowerCase();
  if (!name) return { ok: false, error: "Give a username: npm run user:admin -- <username>" };
  const db = getDb();
  const [found] = await db.select({ id: user.id, isAdmin: user.isAdmin }).from(user).where(eq(user.username, name));
  if (!found) return { ok: false, error: `No user with the username '${name}'.` };
  if (found.isAdmin !== isAdmin) await db.update(user).set({ isAdmin, updatedAt: new Date() }).where(eq(user.id, found.id));
  return { ok: true, id: found.id, username: name, changed: found.isAdmin !== isAdmin };
}

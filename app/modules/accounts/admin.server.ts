import { fail, ok, type Result } from "~/lib/result";
import { findAdminFlagByUsername, setUserAdmin } from "./accounts.queries.server";

/**
 * The operator flag (user.is_admin): only this and `npm run user:admin` change it; Better Auth
 * refuses it from sign-up and update-user (additionalFields input: false).
 */
export async function setAdminByUsername(
  username: string,
  isAdmin: boolean,
): Promise<Result<{ id: number; username: string; changed: boolean }>> {
  const name = username.trim().replace(/^@/, "").toLowerCase();
  if (!name) return fail(400, "Give a username: npm run user:admin -- <username>");
  const found = await findAdminFlagByUsername(name);
  if (!found) return fail(404, `No user with the username '${name}'.`);
  const changed = found.isAdmin !== isAdmin;
  if (changed) await setUserAdmin(found.id, isAdmin);
  return ok({ id: found.id, username: name, changed });
}

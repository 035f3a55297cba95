import { setAdminByUsername } from "../app/modules/accounts/admin.server";
import { runWithDatabase } from "./lib/cli";

/**
 * npm run user:admin -- <username>            makes the user an operator (privacy statistics)
 * npm run user:admin -- <username> --revoke   takes it away again
 */
const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const names = args.filter((a) => !a.startsWith("-"));
const unknown = args.filter((a) => a.startsWith("-") && a !== "--revoke");
if (names.length !== 1 || unknown.length > 0) {
  console.error("Usage: npm run user:admin -- <username> [--revoke]");
  process.exit(2);
}

await runWithDatabase(async () => {
  const r = await setAdminByUsername(names[0]!, !revoke);
  if (!r.ok) {
    console.error(r.error);
    return 1;
  }
  const what = revoke ? "is no longer an admin" : "is now an admin";
  console.log(`${r.data.username} (user ${r.data.id}) ${what}${r.data.changed ? "" : " (unchanged)"}.`);
  return 0;
});

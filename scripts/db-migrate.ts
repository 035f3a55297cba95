import { runWithDatabase } from "./lib/cli";

await runWithDatabase(async ({ handle }) => {
  console.log(`Migrations applied (${handle.kind}).`);
});

import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations from app/db/schema (npm run db:generate).
// Migrations are applied by the app itself at start-up (npm run db:migrate).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
});

import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { firstLoadChunks, lucideDirectImports } from "./scripts/lib/vite-first-load.ts";

const app = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    lucideDirectImports(),
    // What every page loads, in two chunks (decision 016): from the root route and the client entry.
    firstLoadChunks({ roots: [app("root.tsx"), app("entry.client.tsx")] }),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: { assetsInlineLimit: 0 },
});

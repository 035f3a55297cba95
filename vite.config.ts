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
    // What a first load needs, in a few chunks (decision 016).
    firstLoadChunks({
      shell: [app("root.tsx"), app("entry.client.tsx")],
      pages: [app("routes/home.tsx"), app("routes/game.tsx")],
    }),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: { assetsInlineLimit: 0 },
});

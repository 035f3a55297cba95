// ESLint 9 flat config. Type-aware rules use the TypeScript project service,
// so `tsconfig.json` decides which files are typed.
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

const NO_SERVER_IMPORT = {
  regex: "^(\\.\\./)+server(/|$)",
  message: "app/ must not import server/: move what both need into app/ (server/ may import app/).",
};
const NO_DB_CLIENT = {
  regex: "(^~/db/client(\\.server)?$)|(/db/client(\\.server)?$)",
  allowTypeImports: true,
  message: "Queries live in *.queries.server.ts: call a queries function instead of opening the database client here.",
};

const NO_LUCIDE = {
  regex: "^lucide-react(/|$)",
  message: 'Import icons from "~/components/ui/icons" (one <svg> with a constant inner string; add a module there).',
};

export default defineConfig(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".data/",
      ".scratch/",
      ".scratch*",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "coverage/",
    ],
  },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended, reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // JSX event handlers may return a promise (React ignores it); everything else must not.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Advisory React Compiler diagnostics; this codebase does not use the compiler.
      "react-hooks/incompatible-library": "off",
      "react-hooks/unsupported-syntax": "off",
    },
  },
  {
    // Test helpers such as `useTestDatabase()` and Playwright's fixture `use` callback are not React hooks.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },

  // Layers: app/ never imports server/ (dependencies flow one way), and SQL lives in *.queries.server.ts:
  // only queries files, the db layer, scripts, tests and migrations open the database client
  // (type imports of it are fine: a type runs no query).
  // Icons come from app/components/ui/icons/, the one folder that reads lucide-react.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_SERVER_IMPORT, NO_DB_CLIENT, NO_LUCIDE] }],
    },
  },
  {
    files: ["app/components/ui/icons/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_SERVER_IMPORT, NO_DB_CLIENT] }],
    },
  },
  // Page and API actions read forms through readForm (app/lib/form.server.ts): a JSON, text or broken
  // body is then a 415/400, never a 500.
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='formData'][callee.object.name='request']",
          message: "Read the form with readForm / readFormObject (~/lib/form.server): bad bodies become 4xx.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.queries.server.ts", "app/db/**", "app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [NO_SERVER_IMPORT] }] },
  },
);

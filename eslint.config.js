// ESLint 9 flat config. Type-aware rules use the TypeScript project service,
// so `tsconfig.json` decides which files are typed.
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

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
);

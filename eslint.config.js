import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".builds/", ".react-router/", "app/generated/", "node_modules/", "test-results/", "playwright-report/", "tests/.data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A bare interactive transaction on the shared SQLite connection loses other requests' writes.
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='$transaction']",
          message: "Use transaction(fn) from #app/lib/db.server.ts: a bare $transaction is unsafe on the shared SQLite connection.",
        },
      ],
    },
  },
  {
    files: ["app/lib/db.server.ts", "app/lib/db.server.test.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["**/*.mjs", "scripts/**", "tests/setup/**"],
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
  },
);

import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
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
        // No network call inside transaction(): every other request waits while it is open (db.server.ts).
        {
          selector: "CallExpression[callee.name='transaction'] CallExpression[callee.name=/^(fetch|sendMail|sendEmail|mail\\w*)$/]",
          message: "No network call inside transaction(): send mail or call fetch after it commits.",
        },
        {
          selector: "CallExpression[callee.name='transaction'] CallExpression[callee.property.name=/^(fetch|sendMail|sendEmail)$/]",
          message: "No network call inside transaction(): send mail or call fetch after it commits.",
        },
        {
          selector: "CallExpression[callee.name='transaction'] CallExpression[callee.object.name=/^stripe$/i]",
          message: "No network call inside transaction(): call Stripe before it opens or after it commits.",
        },
        {
          selector: "CallExpression[callee.name='transaction'] CallExpression[callee.object.object.name=/^stripe$/i]",
          message: "No network call inside transaction(): call Stripe before it opens or after it commits.",
        },
      ],
    },
  },
  {
    // Layers point one way: app/lib (the cross-cutting helpers) sits below app/modules (the domains).
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["#app/modules/*", "**/modules/*"], message: "app/lib sits below app/modules: a module may import lib, never the other way." }],
        },
      ],
    },
  },
  {
    // No import cycles in app/ (modules among themselves above all), and bookings may use payments, never the reverse.
    // no-cycle follows every import to any depth: about 4 s of CPU on top of the lint's 14 (a maxDepth saves nothing,
    // the cost is reading the files once).
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/modules/payments",
              from: "./app/modules/bookings",
              message: "payments sits below bookings: bookings may import payments, never the other way (pass what payments needs as arguments).",
            },
          ],
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

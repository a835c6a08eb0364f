// Layers point one way: app/lib sits below app/modules, and the lint (eslint.config.js) refuses an import upward.
import { ESLint } from "eslint";
import { expect, test } from "vitest";

const lint = async (filePath: string, code: string) => {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
};

test("a file of app/lib that imports a module is refused; a module that imports lib is not", async () => {
  const upward = await lint("app/lib/example.ts", `import { stripe } from "#app/modules/payments/stripe.server.ts";\nexport const client = stripe;\n`);
  expect(upward).toEqual([expect.stringMatching(/^no-restricted-imports: .*app\/lib sits below app\/modules/)]);
  const relative = await lint("app/lib/example.ts", `import { stripe } from "../modules/payments/stripe.server.ts";\nexport const client = stripe;\n`);
  expect(relative).toEqual([expect.stringMatching(/^no-restricted-imports:/)]);
  expect(await lint("app/modules/payments/example.ts", `import { prisma } from "#app/lib/db.server.ts";\nexport const db = prisma;\n`)).toEqual([]);
}, 60_000);

// Layers point one way, and the lint (eslint.config.js) refuses an import the wrong way: app/lib sits below
// app/modules (no-restricted-imports), payments below bookings (import-x/no-restricted-paths), and no file of app/
// imports one that imports it back (import-x/no-cycle).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
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

test("payments may not import bookings; bookings may import payments", async () => {
  const upward = await lint("app/modules/payments/example.ts", `import { ACTIVE_BOOKING_STATUSES } from "#app/modules/bookings/status.ts";\nexport const active = ACTIVE_BOOKING_STATUSES;\n`);
  expect(upward).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*payments sits below bookings/)]);
  const relative = await lint("app/modules/payments/example.ts", `import { ACTIVE_BOOKING_STATUSES } from "../bookings/status.ts";\nexport const active = ACTIVE_BOOKING_STATUSES;\n`);
  expect(relative).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths:/)]);
  expect(await lint("app/modules/bookings/example.ts", `import { refundBooking } from "#app/modules/payments/refunds.server.ts";\nexport const refund = refundBooking;\n`)).toEqual([]);
}, 60_000);

test("two modules that import each other are refused", async () => {
  // no-cycle reads the imported files from disk: two throwaway modules in a folder of app/, removed afterwards.
  const folder = await mkdtemp(path.join("app", "layers-test-"));
  try {
    await mkdir(path.join(folder, "alpha"));
    await mkdir(path.join(folder, "beta"));
    const alpha = `import { beta } from "../beta/beta.ts";\nexport const alpha = () => beta();\n`;
    await writeFile(path.join(folder, "alpha", "alpha.ts"), alpha);
    await writeFile(path.join(folder, "beta", "beta.ts"), `import { alpha } from "../alpha/alpha.ts";\nexport const beta = () => alpha();\n`);
    expect(await lint(path.join(folder, "alpha", "alpha.ts"), alpha)).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
    // One way only is fine.
    await writeFile(path.join(folder, "beta", "beta.ts"), `export const beta = () => 1;\n`);
    expect(await lint(path.join(folder, "alpha", "alpha.ts"), alpha)).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}, 60_000);

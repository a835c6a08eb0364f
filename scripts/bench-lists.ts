// Measures the admin user list at scale: npm run bench:lists
// Builds a 100,000-user database once (data/bench.db, or BENCH_DATABASE_URL), then times list queries
// (count + page, searched, sorted, paged in SQL) through the same domain function the screen and API use.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const url = process.env.BENCH_DATABASE_URL ?? "file:./data/bench.db";
const scale = process.env.SEED_SCALE ?? "100000";
process.env.DATABASE_URL = url;
if (!existsSync(url.replace(/^file:/, ""))) {
  console.log(`Building ${url} with ${scale} users (about a minute)…`);
  execSync("npx prisma migrate deploy", { stdio: "inherit", env: process.env });
  execSync("npx tsx prisma/seed.ts", { stdio: "inherit", env: { ...process.env, SEED_SCALE: scale } });
}

const { listUsers } = await import("../app/modules/users/users.server.ts");
const { parseListParams } = await import("../app/lib/list.server.ts");
const { userListDefaults } = await import("../app/modules/users/schema.ts");

const cases: Array<[string, string]> = [
  ["first page, name asc", ""],
  ["page 5000, name asc", "page=5000"],
  ["email desc, page 200", "sort=email&order=desc&page=200"],
  ["organisation asc, 50 rows", "sort=organisation&limit=50"],
  ["status desc", "sort=status&order=desc"],
  ["search 'grace' (full-text)", "search=grace"],
  ["search 'example.org' (full-text, many hits)", "search=example.org&page=3"],
  ["search 'zz' (short: LIKE)", "search=zz"],
  ["search with no match", "search=qqqxxyyzz"],
];

const RUNS = 30;
console.log(`\nUser list on ${url} — median and p95 of ${RUNS} runs (count + page)\n`);
for (const [label, query] of cases) {
  const state = parseListParams(new URLSearchParams(query), userListDefaults);
  await listUsers(state); // warm up
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const { meta } = await listUsers(state);
    times.push(performance.now() - start);
    total = meta.total;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  const p95 = times[Math.floor(RUNS * 0.95)];
  console.log(`${label.padEnd(44)} ${median.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  (${total} matches)`);
}
process.exit(0);

import { expect, test } from "vitest";
import { prisma } from "./db.server.ts";
import { enqueue } from "./jobs.server.ts";

// Several app servers schedule the same keyed job as they start (the next free-time refresh): on PostgreSQL their
// upserts race, and all but one insert meet the key's unique constraint.
test("a keyed job asked for by several at once is scheduled once, and none of them fails", async () => {
  const key = `race-${Date.now()}`;
  const runAt = new Date(Date.now() + 60_000);
  const jobs = await Promise.all(Array.from({ length: 8 }, () => enqueue("race-test", { n: 1 }, { runAt, key })));
  expect(new Set(jobs.map((job) => job.id)).size).toBe(1);
  expect(await prisma.job.count({ where: { key } })).toBe(1);
});

/**
 * What operators and proxies ask an app server: /healthz (the process is up) and /readyz (it may be sent requests:
 * the database answers and every migration of this release is applied), both without a session; and what the
 * production server does on SIGTERM: no new connection, live streams ended with a `restart` event, exit 0.
 */
import type { ChildProcess } from "node:child_process";
import { cpSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { send, signIn } from "#tests/app.ts";
import { startProductionServer } from "#tests/support/production-server.ts";

/**
 * A GET over a raw socket (HTTP/1.0: no chunked encoding, the server closes at the end), outside the tests' request
 * mocks: what has arrived so far, and when the server ended it.
 */
function rawGet(port: number, target: string, headers: Record<string, string> = {}) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(`GET ${target} HTTP/1.0\r\n${lines.join("")}\r\n`);
  const ended = new Promise<void>((resolve, reject) => socket.on("end", resolve).on("error", reject));
  return { received: () => received, ended };
}

// Prisma's record on SQLite (`prisma migrate deploy`), the migration runner's on PostgreSQL (scripts/migrate.mjs).
async function newestMigration() {
  const [row] =
    dialect === "postgres"
      ? await prisma.$queryRaw<{ name: string }[]>`SELECT name FROM "_migrations" ORDER BY name DESC LIMIT 1`
      : await prisma.$queryRaw<{ name: string }[]>`SELECT migration_name AS name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`;
  return row.name;
}
const forget = (name: string) =>
  dialect === "postgres"
    ? prisma.$executeRaw`DELETE FROM "_migrations" WHERE name = ${name}`
    : prisma.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = finished_at WHERE migration_name = ${name}`;
const remember = (name: string) =>
  dialect === "postgres"
    ? prisma.$executeRaw`INSERT INTO "_migrations" (name) VALUES (${name})`
    : prisma.$executeRaw`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = ${name}`;

describe("/healthz and /readyz", () => {
  test("healthz answers that the process is up, without a session, a cookie or a cache", async () => {
    const response = await send("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect((await send("/healthz", { method: "HEAD" })).status).toBe(200);
    expect((await send("/healthz", { method: "POST" })).status).toBe(405);
  });

  test("readyz answers ready with the migrations applied, and 503 naming a migration the database lacks", async () => {
    const ready = await send("/readyz");
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body).toMatchObject({ status: "ready" });
    expect(body.migrations).toBeGreaterThan(10);

    // The newest migration taken back out of the database's record of what ran.
    const latest = await newestMigration();
    await forget(latest);
    try {
      const behind = await send("/readyz");
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({ status: "unavailable", message: `The database lacks 1 migration (npm run db:migrate): ${latest}.` });
    } finally {
      await remember(latest);
    }
    expect((await send("/readyz")).status).toBe(200);
  });
});

describe("the production server on SIGTERM", () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  async function startServer() {
    const server = await startProductionServer({ JOB_WORKER: "off", SHUTDOWN_GRACE_MS: "20000" });
    children.push(server.child);
    return server;
  }

  test("ends a live stream with a restart event, takes no new connection and exits 0", { timeout: 60_000 }, async () => {
    const { port, child, exited, output: logged } = await startServer();

    // A mentee's dashboard holds its live stream open.
    const { cookie } = await signIn("user");
    const stream = rawGet(port, "/events", { Cookie: cookie });
    // A server just started answers its first request slowly on a busy machine (and its first stream waits for the
    // live-updates listener to connect).
    await expect.poll(stream.received, { timeout: 15_000 }).toContain("event: ready");
    expect(stream.received()).toMatch(/^HTTP\/1\.1 200/);
    const ready = rawGet(port, "/readyz");
    await ready.ended;
    expect(ready.received()).toMatch(/^HTTP\/1\.1 200[^]*"status":"ready"/);

    const stoppedAt = Date.now();
    child.kill("SIGTERM");
    await stream.ended;
    expect(stream.received()).toMatch(/event: restart\ndata: \{"reconnectMs":1000\}/);
    await expect(rawGet(port, "/healthz").ended).rejects.toThrow(/ECONNREFUSED/);
    expect(await exited).toBe(0);
    // The stream's end let the server go at once, well within its grace.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(logged()).toContain("SIGTERM: finishing the requests under way, then stopping");
  });

  test("keeps a kept-alive connection that is between requests, answers its next one with Connection: close, and exits 0", { timeout: 60_000 }, async () => {
    // What a proxy's kept-alive connection meets: cut at once, a request already on its way over it would be lost.
    const { port, child, exited } = await startServer();
    const socket = net.connect(port, "127.0.0.1");
    socket.setEncoding("utf8");
    let received = "";
    socket.on("data", (chunk: string) => (received += chunk));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    const ask = () => socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    ask();
    // The whole answer: its one chunk and the last.
    await expect.poll(() => received, { timeout: 15_000 }).toMatch(/\{"status":"ok"\}\r\n0\r\n\r\n$/);
    expect(received).toMatch(/^HTTP\/1\.1 200[^]*\r\nConnection: keep-alive\r\n/i);

    received = "";
    child.kill("SIGTERM");
    const refused = async () => rawGet(port, "/healthz").ended.then(() => "answered", (error: NodeJS.ErrnoException) => error.code);
    await expect.poll(refused, { timeout: 10_000 }).toBe("ECONNREFUSED");
    ask();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200[^]*\r\nConnection: close\r\n[^]*\{"status":"ok"\}\r\n0\r\n\r\n$/i);
    expect(await exited).toBe(0);
  });
});

describe("a build replaced under a running server", () => {
  test("an asset listed at start but gone now ends that answer, and the server goes on answering", async () => {
    // A copy of the build of this test's own, inside the project so the server's imports resolve.
    const buildDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data", `build-copy-${process.env.VITEST_POOL_ID ?? "0"}`);
    rmSync(buildDir, { recursive: true, force: true });
    cpSync(path.resolve("build"), buildDir, { recursive: true });
    const server = await startProductionServer({ BUILD_DIR: buildDir });
    try {
      const asset = readdirSync(path.join(buildDir, "client/assets")).find((name) => name.endsWith(".js.br"))!;
      rmSync(path.join(buildDir, "client/assets", asset));
      const gone = rawGet(server.port, `/assets/${asset.slice(0, -3)}`, { "Accept-Encoding": "br" });
      await gone.ended.catch(() => undefined);
      const health = rawGet(server.port, "/healthz");
      await health.ended;
      expect(health.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
      rmSync(buildDir, { recursive: true, force: true });
    }
  }, 60_000);
});

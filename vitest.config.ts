import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "tests/setup/**/*.test.ts", "tests/mocks/**/*.test.ts"],
    // The PostgreSQL seed's own test needs a PostgreSQL server: it runs under npm run test:pg.
    exclude: process.env.TEST_POSTGRES_URL ? [] : ["tests/integration/seed-postgres.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    // worker-db: each test file starts from the template database; console: a console.error or
    // console.warn fails the test (expectConsoleError() when it is meant); msw: no request leaves the process.
    setupFiles: ["tests/setup/worker-db.ts", "tests/setup/console.ts", "tests/setup/msw.ts"],
    // The app's log (lib/logger.server.ts) at errors only: no line per request in the output, in this process or in
    // the servers tests start. In this process its lines reach the console (tests/setup/console.ts), so an error the
    // app logs fails the test as a console.error does.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "error" },
    pool: "forks",
    // One worker per core (Vitest's default leaves one idle: on a two-core machine the suite would run file by file).
    // Each worker has its own database (tests/setup/worker-db.ts); they wait on it often enough to share the cores.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    // On CI a test that fails is run once more (as Playwright does), so a machine's hiccup does not fail the build;
    // one that fails twice is a failure. The summary of npm test names every failed test.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
  },
});

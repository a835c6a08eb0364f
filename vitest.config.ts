import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_POSTGRES_URL);

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: "units",
          // Each project runs on workers of its own, so a worker keeps one React build (the development one here, the
          // production one below). No sequence.groupOrder: with it every worker of a group had the same VITEST_POOL_ID,
          // and so the same database (tests/setup/worker-db.ts).
          // On PostgreSQL (npm run test:pg) only what reads or writes a database: the server modules' own tests, the
          // harness and the Stripe stand-in. Components, formats and rules without a database ran on SQLite already.
          include: onPostgres
            ? ["app/**/*.server.test.ts", "tests/setup/**/*.test.ts", "tests/mocks/**/*.test.ts"]
            : ["app/**/*.test.{ts,tsx}", "tests/setup/**/*.test.ts", "tests/mocks/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // A worker runs its files one after another in one process, which loads the built app and the test modules
          // once instead of once a file (half this suite's time on either engine: 592 s → 316 on PostgreSQL). Each file
          // still starts from the template database (tests/setup/worker-db.ts); what the app keeps in memory is either
          // keyed by something the reset renews (Find a Mentor's generation, SQLite's statistics) or by records no
          // other file can name (sessions, tokens).
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          // The PostgreSQL seed's own test needs a PostgreSQL server: it runs under npm run test:pg.
          exclude: onPostgres ? [] : ["tests/integration/seed-postgres.test.ts"],
          // The built app runs as the production server runs it, on React's production build. Its development build
          // checks every element of every render (a third of this suite's time went there); the component tests
          // above keep those checks, and the browser tests fail on any hydration error the page logs.
          env: { NODE_ENV: "production" },
        },
      },
    ],
  },
});

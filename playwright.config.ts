import { defineConfig, devices } from "@playwright/test";
import { testChromium } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, its headless shell first (scripts/chromium.mjs); PLAYWRIGHT_CHROMIUM overrides it. */
const executablePath = testChromium();

const cluster = Boolean(process.env.E2E_CLUSTER);
const ignored = cluster ? ["**/console-responsive.spec.ts", "**/console-keyboard.spec.ts", "**/dashboards-walk.spec.ts"] : ["**/cluster.spec.ts"];
/**
 * Specs that change what every test reads (the confidentiality covenant's version, which every booking is asked to
 * accept): they run once the others are done, so a version published midway refuses nobody else's booking.
 */
const sharedRecords = ["**/covenant.spec.ts"];
/**
 * Cluster runs: specs that address the app servers one by one (E2E_PORT+1, +2) rather than through nginx. They too
 * run once the rest is done (they book nothing, so beside the shared records), so app-2's restart midway
 * (CLUSTER_RESTART_AFTER_S) meets only requests through nginx.
 */
const appServerSpecs = cluster ? ["**/cluster.spec.ts", "**/messaging.spec.ts"] : [];
/** What runs once the rest is done: chromium's teardown, so a run filtered to one of them does not run the whole suite. */
const last = [...sharedRecords, ...appServerSpecs];

export default defineConfig({
  testDir: "tests/e2e",
  // The cluster spec addresses the app servers behind nginx: it belongs to the cluster runs only. The
  // console's and the dashboards' layout checks (sizes, axe, keyboard) do not depend on the database or the number of servers:
  // the cluster runs leave them to the single-server run, which keeps CI within its time.
  testIgnore: ignored,
  // Beside the run's test databases, so parallel runs do not wipe each other's results.
  outputDir: process.env.TEST_DATA_DIR ? `${process.env.TEST_DATA_DIR}/results` : "test-results",
  // Tests sign in as their own new people (tests/e2e/fixtures.ts) and change only records they made,
  // so they run in parallel, test by test; E2E_WORKERS overrides the count.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // npm test adds a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count the results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [[process.env.CI ? "line" : "list"], ["json"]] : process.env.CI ? "line" : "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace of every test costs the suite a fifth of its time: a failed test's retry records one
    // (on CI; elsewhere pass --trace on).
    trace: "on-first-retry",
    launchOptions: {
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: [...ignored, ...last], teardown: "last" },
    { name: "last", use: { ...devices["Desktop Chrome"] }, testMatch: last, testIgnore: ignored },
  ],
  webServer: {
    // A fresh demo database for every run, then the production build.
    command: `node tests/setup/e2e-server.mjs`,
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM to its process group at the end: the app servers stop as in production and the cluster's nginx removes
    // its temp folder (SIGKILL after 15 s).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: { E2E_PORT: String(port) },
  },
});

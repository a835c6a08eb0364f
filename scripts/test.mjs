// npm test: type-check, lint, unit/integration tests (Vitest) and browser tests (Playwright, real Chromium).
// On a machine without a usable Chromium it installs one (Debian's package as root, otherwise
// Playwright's own download) or stops and says exactly what to install.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { debianChromiums, testChromium } from "./chromium.mjs";
import { ensureNginx } from "./nginx.mjs";

// Not test-results/: Playwright empties that folder when it starts.
const results = path.resolve(".test-reports");
const vitestJson = path.join(results, "vitest.json");
const playwrightJson = path.join(results, "playwright.json");

/**
 * Runs the commands side by side (type-check and lint each keep one core busy), printing each one's output whole once
 * it ends, in the order given. Resolves to whether each passed.
 */
function stepsTogether(steps) {
  return Promise.all(
    steps.map(([title, command]) => {
      const started = Date.now();
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      return new Promise((resolve) => child.on("close", (status) => resolve({ title, command, status, output, seconds: Math.round((Date.now() - started) / 1000) })));
    }),
  ).then((results) =>
    results.map(({ title, command, status, output, seconds }) => {
      console.log(`\n▶ ${title}\n  $ ${command}`);
      if (output) process.stdout.write(output);
      console.log(`  ${title}: ${status === 0 ? "passed" : "failed"} in ${seconds} s`);
      return status === 0;
    }),
  );
}

function step(title, command, env = {}) {
  console.log(`\n▶ ${title}\n  $ ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`  ${title}: ${status === 0 ? "passed" : "failed"} in ${Math.round((Date.now() - started) / 1000)} s`);
  return status === 0;
}

/** A Chromium for the browser tests: Debian's headless shell (installed as root when missing), its full Chromium, or Playwright's download. */
function ensureBrowser() {
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync("/etc/debian_version");
  const apt = (pkg) => spawnSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, { shell: true, stdio: "inherit" }).status === 0;
  if (!process.env.PLAYWRIGHT_CHROMIUM && !existsSync(debianChromiums[0]) && isRoot && isDebian) {
    console.log("Installing Debian's chromium-headless-shell package for the browser tests…");
    if (!apt("chromium-headless-shell") && !testChromium()) apt("chromium");
  }
  const chromium = testChromium();
  if (chromium) return { PLAYWRIGHT_CHROMIUM: chromium };
  console.log("No system Chromium: trying Playwright's own browser download…");
  if (spawnSync("npx playwright install --only-shell chromium", { shell: true, stdio: "inherit" }).status === 0) return {};
  console.error(
    "\nBrowser tests need Chromium and none could be installed.\n" +
      "Install it and run npm test again:\n" +
      "  Debian/Ubuntu:  sudo apt-get install chromium-headless-shell   (or chromium)\n" +
      "  elsewhere:      npx playwright install --only-shell chromium\n" +
      "or point PLAYWRIGHT_CHROMIUM at a Chromium or Chrome executable.\n",
  );
  process.exit(1);
}

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (existsSync(playwrightJson)) {
    const { stats } = JSON.parse(readFileSync(playwrightJson, "utf8"));
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += stats?.unexpected ?? 0;
    skipped += stats?.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

/** The names of the failed tests, so the last lines of a CI log say which ones. */
function failedTests() {
  const names = [];
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, "utf8"));
    for (const file of report.testResults ?? []) {
      const relative = path.relative(process.cwd(), file.name);
      const failedAssertions = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failedAssertions) names.push(`${relative} › ${test.fullName}`);
      if (file.status === "failed" && failedAssertions.length === 0) names.push(`${relative} › ${file.message || "failed to run"}`);
    }
  }
  if (existsSync(playwrightJson)) {
    const walk = (suite, trail) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === "unexpected") names.push(`${suite.file ?? ""} › ${[...trail, spec.title].join(" › ")} [${test.projectName}]`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
    };
    for (const suite of JSON.parse(readFileSync(playwrightJson, "utf8")).suites ?? []) walk(suite, []);
  }
  return names;
}

rmSync(results, { recursive: true, force: true });
const browserEnv = ensureBrowser();
// The cluster's integration test runs nginx: installed as root when missing; otherwise that test says what to install.
try {
  ensureNginx();
} catch (error) {
  console.error(error.message);
}
const [types, lint] = await stepsTogether([
  ["Type-check", "npx react-router typegen && npx tsc"],
  ["Lint", "npx eslint ."],
]);
const ok = {
  types,
  lint,
  unit: step("Unit and integration tests (Vitest)", `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`),
  e2e: step("Browser tests (Playwright, Chromium)", "npx playwright test", { ...browserEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
};
const { passed, failed, skipped } = counts();
const failedSteps = Object.entries(ok).filter(([, success]) => !success).map(([name]) => name);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed."}`);
for (const name of failedTests()) console.log(`  ✗ ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

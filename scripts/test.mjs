// npm test: type-check, lint, unit/integration tests (Vitest) and browser tests (Playwright, real Chromium).
// On a machine without a usable Chromium it installs one (Debian's package as root, otherwise
// Playwright's own download) or stops and says exactly what to install.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

// Not test-results/: Playwright empties that folder when it starts.
const results = path.resolve(".test-reports");
const vitestJson = path.join(results, "vitest.json");
const playwrightJson = path.join(results, "playwright.json");

function step(title, command, env = {}) {
  console.log(`\n▶ ${title}\n  $ ${command}`);
  const { status } = spawnSync(command, { shell: true, stdio: "inherit", env: { ...process.env, ...env } });
  return status === 0;
}

function findChromium() {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

function ensureBrowser() {
  let chromium = findChromium();
  if (chromium) return { PLAYWRIGHT_CHROMIUM: chromium };
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync("/etc/debian_version");
  if (isRoot && isDebian) {
    console.log("No Chromium found: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    chromium = findChromium();
    if (chromium) return { PLAYWRIGHT_CHROMIUM: chromium };
  }
  console.log("No system Chromium: trying Playwright's own browser download…");
  if (spawnSync("npx playwright install chromium", { shell: true, stdio: "inherit" }).status === 0) return {};
  console.error(
    "\nBrowser tests need Chromium and none could be installed.\n" +
      "Install it and run npm test again:\n" +
      "  Debian/Ubuntu:  sudo apt-get install chromium\n" +
      "  elsewhere:      npx playwright install chromium\n" +
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
const ok = {
  types: step("Type-check", "npx react-router typegen && npx tsc"),
  lint: step("Lint", "npx eslint ."),
  unit: step("Unit and integration tests (Vitest)", `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`),
  e2e: step("Browser tests (Playwright, Chromium)", "npx playwright test", { ...browserEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
};
const { passed, failed, skipped } = counts();
const failedSteps = Object.entries(ok).filter(([, success]) => !success).map(([name]) => name);
console.log(`\n${failedSteps.length ? `Failed steps: ${failedSteps.join(", ")}` : "All steps passed."}`);
for (const name of failedTests()) console.log(`  ✗ ${name}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);

// npm run lighthouse: builds the app, prepares the demo database, starts the production server and runs
// Lighthouse (mobile, simulated throttling) on the home page, Find a Mentor and a live mentor's profile.
// Prints the four scores of each page and fails when any is below 95 (LIGHTHOUSE_MIN_SCORE).
//
//   BUILD_DIR=…            where to build (default .builds/lighthouse); LIGHTHOUSE_SKIP_BUILD=1 reuses it
//   DATABASE_URL=…         the demo database (default file:./data/app.db, migrated and seeded if empty)
//   LIGHTHOUSE_PORT=…      the server's port (default 4324)
//   LIGHTHOUSE_PATHS=/,/faq pages to check instead (MENTOR stands for a live mentor's profile)
//   CHROME_PATH=…          the browser (default Debian's /usr/bin/chromium)
//
// Not part of npm test: a run takes about a minute.
/* global fetch, setTimeout -- Node 20 globals */
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const MIN_SCORE = Number(process.env.LIGHTHOUSE_MIN_SCORE ?? 95);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4324);
const origin = `http://127.0.0.1:${port}`;
const buildDir = path.resolve(process.env.BUILD_DIR ?? ".builds/lighthouse");
const databaseUrl = process.env.DATABASE_URL ?? "file:./data/app.db";
// Lighthouse needs the whole browser (the browser tests' headless shell is not enough).
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(`npm run lighthouse needs Chromium at ${chromePath}: install Debian's chromium package, or set CHROME_PATH.`);
  process.exit(1);
}
const paths = (process.env.LIGHTHOUSE_PATHS ?? "/,/search,MENTOR").split(",").map((item) => item.trim()).filter(Boolean);
const categories = ["performance", "accessibility", "best-practices", "seo"];

const run = (command, env = {}) => execSync(command, { stdio: "inherit", env: { ...process.env, ...env } });

if (!process.env.LIGHTHOUSE_SKIP_BUILD || !existsSync(path.join(buildDir, "server/index.js"))) {
  console.log(`▶ Building into ${buildDir}`);
  run("npx react-router build", { BUILD_DIR: buildDir });
}
console.log("▶ Preparing the demo database");
run("node scripts/prepare-db.mjs", { DATABASE_URL: databaseUrl });

console.log(`▶ Starting the production server on ${origin}`);
const server = spawn(process.execPath, ["server/index.mjs"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    TOTP_KEY: process.env.TOTP_KEY ?? randomBytes(32).toString("base64url"),
  },
});
const stopServer = () => {
  if (server.exitCode === null) server.kill("SIGTERM");
};
process.on("exit", stopServer);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit code ${server.exitCode}).`);
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The server did not start within a minute.");
}

/** A live mentor's profile, as the sitemap names them. */
async function mentorPath() {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  const match = xml.match(/<loc>[^<]*?(\/mentor\/\d+)<\/loc>/);
  if (!match) throw new Error("The sitemap names no live mentor: seed the demo database first.");
  return match[1];
}

/**
 * One Lighthouse run, tried again when the trace itself failed (Chromium's first navigation sometimes records no
 * navigation start: NO_NAVSTART), which says nothing about the page.
 */
async function audit(url, chromePort, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chromePort, output: "html", logLevel: "error", onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError || attempt === attempts) return result;
    console.log(`↻ ${url}: ${result.lhr.runtimeError.code}, running Lighthouse again`);
  }
}

let chrome;
let failed = false;
try {
  await waitForServer();
  const targets = await Promise.all(paths.map(async (item) => (item === "MENTOR" ? mentorPath() : item)));
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const reportDir = path.join(buildDir, "lighthouse");
  mkdirSync(reportDir, { recursive: true });
  const rows = [];
  for (const target of targets) {
    // Mobile with simulated throttling: Lighthouse's defaults.
    const result = await audit(`${origin}${target}`, chrome.port);
    const { lhr } = result;
    writeFileSync(path.join(reportDir, `${target.replace(/\W+/g, "_") || "home"}.html`), result.report);
    const scores = Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    rows.push({ page: target, ...scores });
    for (const id of categories) {
      if (scores[id] >= MIN_SCORE) continue;
      failed = true;
      console.log(`\n✗ ${target}: ${lhr.categories[id].title} ${scores[id]} (below ${MIN_SCORE}). What Lighthouse reports:`);
      for (const ref of lhr.categories[id].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
          console.log(`   - ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        }
      }
      if (id === "performance") {
        for (const audit of Object.values(lhr.audits)) {
          const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
          if (audit.score !== null && audit.score < 1 && savings > 0) console.log(`   · ${audit.title}: about ${Math.round(savings)} ms to gain`);
        }
      }
    }
  }
  console.log("");
  console.table(rows);
  console.log(`Reports: ${reportDir}`);
  console.log(failed ? `✗ A score is below ${MIN_SCORE}.` : `✓ Every score is ${MIN_SCORE} or more.`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await chrome?.kill();
  stopServer();
}
process.exit(failed ? 1 : 0);

import { execSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent, serverBuildOf } from "../../scripts/build-freshness.mjs";
import { createPostgresDatabase, migratePostgres } from "../../scripts/migrate.mjs";
import { migrateFresh } from "./migrate.ts";
import { databaseUrl, dropRunDatabases, templateDatabase, testPostgresServer } from "./postgres-db.ts";

const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");

export default async function setup() {
  // Integration tests send real Requests through the built server, so build when the app changed.
  // TEST_SKIP_BUILD=1 uses the build as it is (e.g. while app/ is mid-edit and only tests changed).
  const buildDir = process.env.BUILD_DIR ?? "build";
  const skip = process.env.TEST_SKIP_BUILD && existsSync(serverBuildOf(buildDir));
  if (!skip && !buildIsCurrent(buildDir)) {
    // As production builds it: under Vitest NODE_ENV is "test", which would bundle React's development build.
    execSync("npx react-router build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = testPostgresServer();
  if (server) {
    // PostgreSQL: a migrated template database; each worker copies it (tests/setup/worker-db.ts).
    await dropRunDatabases(server);
    const template = databaseUrl(server, templateDatabase());
    await createPostgresDatabase(template);
    await migratePostgres(template, { quiet: true });
    return () => dropRunDatabases(server);
  }
  migrateFresh(path.join(dataDir, "template.db"));
}

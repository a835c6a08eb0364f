// The production server (server/index.mjs) for npm run bench:live, answering its parent over IPC with how many
// statements this process has sent the database (lib/db.server.ts counts them) and how busy its event loop is.
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

await import("../../server/index.mjs");
// The same module the server loaded (one instance per URL): its count is the server's.
const { databaseStatements } = await import(pathToFileURL(path.join(path.resolve(process.env.BUILD_DIR ?? "build"), "server/index.js")).href);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

process.on("message", (message) => {
  if (message !== "stats") return;
  process.send({ statements: databaseStatements(), eventLoopP99Ms: delay.percentile(99) / 1e6, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) });
  delay.reset();
});

// Whether the production build in `buildDir` is as new as the code it is built from, so test runs build once:
// Vitest's global setup builds when it is not, and the browser tests' server reuses a build that is.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** What a build is made from: the app, the server entry, and the build's own configuration. */
const SOURCES = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

/** The newest modification time of `file`, or of any file under it when it is a folder (0 when it does not exist). */
function newest(file) {
  if (!existsSync(file)) return 0;
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((entry) => newest(path.join(file, entry))));
}

export const serverBuildOf = (buildDir) => path.resolve(buildDir, "server/index.js");

export function buildIsCurrent(buildDir) {
  const serverBuild = serverBuildOf(buildDir);
  return existsSync(serverBuild) && statSync(serverBuild).mtimeMs >= Math.max(...SOURCES.map((source) => newest(path.resolve(source))));
}

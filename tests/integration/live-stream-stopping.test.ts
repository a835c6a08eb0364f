/**
 * A live stream whose reader has gone (the server cancelled its body when the browser's connection closed) while its
 * request has not been seen aborted yet, when the server starts stopping: the stream's stop listener must not throw,
 * or stopping (server/index.mjs on SIGTERM) fails and the process crashes with requests under way. Its own file:
 * stopping is for the whole process, and this file's copy of the build stops for good.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test } from "vitest";
import { send, signIn } from "#tests/app.ts";

test("a stream cancelled by its reader lets the server stop", async () => {
  const { cookie } = await signIn("user");
  const response = await send("/events", { cookie });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let received = "";
  while (!received.includes("event: ready")) received += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();

  const build = (await import(pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href)) as { stopBackgroundWork: () => Promise<void> };
  await expect(build.stopBackgroundWork()).resolves.toBeUndefined();
});

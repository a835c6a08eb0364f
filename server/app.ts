// The server build's entry (vite.config.ts makes it the SSR input): the React Router build wrapped in the edge.
// build/server/index.js exports `handle` for the Node server (server/index.mjs) and the integration tests.
import * as build from "virtual:react-router/server-build";
import { createEdgeHandler } from "./edge.ts";

export { ALLOWED_METHODS } from "./edge.ts";
export { methodNotAllowed } from "#app/lib/api.server.ts";
// The build itself too, for tools that read its routes (the authorization matrix test).
export * from "virtual:react-router/server-build";
export const handle = createEdgeHandler(build as unknown as Parameters<typeof createEdgeHandler>[0]);

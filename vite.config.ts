import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { precompress } from "./scripts/precompress.mjs";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the edge around the React Router build (server/app.ts), not the bare build.
  // The client's minifier is terser (two passes), not esbuild: its output is ~3% smaller gzipped (React, React DOM
  // and React Router alone ~3.4 KB less), on every page, for a slower client build.
  // The server loads all its code at once: its build is one file, dynamic imports (the forms' schemas, lazy
  // components, which the browser fetches later) included, rather than chunks nobody waits for.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts", output: { inlineDynamicImports: true } } }
    : {
        minify: "terser",
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: { output: { manualChunks: clientChunk }, onLog: clientBuildLog(serverOnlyRoutes()) },
      },
  // precompress: .br and .gz beside the client's assets, served as they are by server/index.mjs.
  plugins: [tailwindcss(), reactRouter(), precompress(), isSsrBuild ? null : reactRouterProductionBuild()],
  server: { port: Number(process.env.PORT ?? 3000) },
}));

/**
 * The client's chunks. conform and the form primitives every form uses (use-app-form, useIsPending, Field and its
 * controls, Button, the device's time zone) load together on every page with a form: one file for them instead of eight small ones (each
 * file costs a page a little more than its own bytes; the public pages have a 130 KB budget, page-weight.test.ts).
 * Only modules that no page without a form needs belong here, or that page would load conform too. React, React
 * Router and React DOM (every page) are named as a chunk of their own, or the forms chunk would take them in.
 */
function clientChunk(id: string) {
  // Named first: a manual chunk takes in its modules' dependencies unless they belong to another one.
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser|clsx)\//.test(id)) return "framework";
  // Tiny, and needed by pages without a form too (the search page's buttons, every dynamic import(), the icons'
  // drawing, the links' paths); the toast's classes and useHydrated are the root's (every page), shared with chunks loaded
  // later (the interactive toast…): here, they keep the root route in one file rather than a shared chunk and a stub
  // re-exporting it.
  if (/\/app\/components\/ui\/(button-class|input-class|toast-class|icons\/icon)\.ts$|\/app\/lib\/links\.ts$|vite\/preload-helper|\/remix-utils\/build\/react\/use-hydrated\.js$/.test(id)) return "framework";
  if (/\/node_modules\/@conform-to\/(react|dom)\//.test(id)) return "forms";
  // The password rule and its hint (every form with a new password shows it, its schema reads it), and the labelled
  // text field of the account forms.
  if (/\/app\/(components\/ui\/(button|field|text-field)\.tsx|lib\/(use-app-form|use-is-pending|password-rules)\.ts)$/.test(id)) return "forms";
  // A new account's time zone field (sign-up, the guide application). The select it shows without JavaScript is the
  // server's alone (time-zone-plain-select.tsx): in a chunk of its own with the zones' names, as are the moments'
  // formats, or this chunk would take them in and every page showing a time would load conform.
  if (/\/app\/modules\/account-settings\/device-time-zone\.tsx$/.test(id)) return "forms";
  if (/\/app\/modules\/account-settings\/time-zone-plain-select\.tsx$|\/app\/lib\/time-zone-names\.ts$/.test(id)) return "time-zone-select";
  if (/\/app\/lib\/format\.ts$/.test(id)) return "format";
}

/**
 * React Router's package exports name its development build in every case (its dev warnings on): the browser's build
 * takes the production build beside it instead, as the server does at run time (server/production-modules.mjs).
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: "react-router-production-build",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source !== "react-router" && !source.startsWith("react-router/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes("/node_modules/react-router/dist/development/")) return resolved;
      return { ...resolved, id: resolved.id.replace("/dist/development/", "/dist/production/") };
    },
  };
}

/**
 * React Router gives every route module a browser chunk, also the routes with no component (API and resource routes,
 * redirects, the sitemap): theirs is empty by design and never downloaded, so Rollup's "Generated an empty chunk" is
 * expected for them and for nothing else. Their names are the files' names (what Rollup names their chunks).
 */
function serverOnlyRoutes() {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/(?<!\.test)\.tsx?$/.test(entry.name) && !/^export default /m.test(readFileSync(file, "utf8"))) names.add(entry.name.replace(/\.tsx?$/, ""));
    }
  };
  visit(path.resolve("app/routes"));
  return names;
}

/**
 * The browser build's log, less what is expected: the empty chunks of server-only routes, and zod's comments that
 * mention `@__PURE__` in prose, which Rollup cannot read as annotations and drops (zod's code is unchanged by it).
 */
function clientBuildLog(serverOnly: Set<string>): Rollup.LogHandlerWithDefault {
  return (level, log, handle) => {
    if (log.code === "EMPTY_BUNDLE" && log.names?.every((name) => serverOnly.has(name))) return;
    if (log.code === "INVALID_ANNOTATION" && /\/node_modules\/zod\//.test(log.id ?? "")) return;
    handle(level, log);
  };
}

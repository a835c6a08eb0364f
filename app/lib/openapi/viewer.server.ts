import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/*
 * The API's reference page: Swagger UI's standalone bundle (swagger-ui-dist, no dependencies), served from the app's
 * own origin (no CDN) under a name that carries its version, so a browser may keep it for a year.
 */

const require = createRequire(import.meta.url);
const folder = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const { version } = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { version: string };

const files = {
  [`swagger-ui-${version}.js`]: { source: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  [`swagger-ui-${version}.css`]: { source: "swagger-ui.css", type: "text/css; charset=utf-8" },
};

export const viewerScript = `/api-docs/swagger-ui-${version}.js`;
export const viewerStyle = `/api-docs/swagger-ui-${version}.css`;

const cache = new Map<string, Buffer>();

/** One of the viewer's files by its public name, or null. */
export function viewerFile(name: string) {
  const file = Object.hasOwn(files, name) ? files[name] : undefined;
  if (!file) return null;
  let body = cache.get(name);
  if (!body) cache.set(name, (body = readFileSync(path.join(folder, file.source))));
  return { body, type: file.type };
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The page: the bundle and its starter, both with the response's CSP nonce (the policy allows no other script). */
export function referencePage(nonce: string) {
  const n = escapeAttribute(nonce);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Ministry Mentors</title>
<link rel="stylesheet" href="${viewerStyle}">
<style>
body{margin:0}
#reference .information-container{overflow-wrap:anywhere}
/* Contrast: the viewer's grey and green version badges and its grey address, darker. */
.swagger-ui .info .title small{background:#4b5563}
.swagger-ui .info .title small.version-stamp{background:#3f6212}
.swagger-ui .info .url{color:#374151}
.swagger-ui .parameter__extension,.swagger-ui .parameter__in,.swagger-ui .response__extension,.swagger-ui .json-schema-2020-12__attribute--muted,.swagger-ui .json-schema-2020-12-expand-deep-button,.swagger-ui .model .property,.swagger-ui table.headers .header-example,.swagger-ui .prop-format{color:#4b5563}
.swagger-ui .parameter__name.required span,.swagger-ui .parameter__name.required:after,.swagger-ui .json-schema-2020-12__attribute--warning{color:#b91c1c}
.swagger-ui .btn.authorize{color:#166534;border-color:#166534}
.swagger-ui .btn.authorize svg{fill:#166534}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d4ed8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#166534}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#9a3412}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#115e59}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
/* No operation answers links: their column only pushed the answers past a phone's width. */
.swagger-ui .response-col_links{display:none}
</style>
</head>
<body>
<main id="reference"><noscript><p>The reference needs JavaScript. The API's description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript></main>
<script nonce="${n}" src="${viewerScript}"></script>
<script nonce="${n}">
window.SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#reference", deepLinking: true, validatorUrl: null, syntaxHighlight: false, docExpansion: "list", defaultModelsExpandDepth: 0 });
</script>
</body>
</html>
`;
}

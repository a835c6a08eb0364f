import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); default "build".
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each of React Router 8's changes is decided here (a flag left out is warned about on every build): middleware on;
  // the others keep 7's behaviour. v8_passThroughRequests would give loaders a client navigation's URL with `.data`
  // and `_routes` in it (see the README's benchmark notes); the other three are untried here.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;

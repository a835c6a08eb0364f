import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); default "build".
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true },
} satisfies Config;

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.mjs";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the edge around the React Router build (server/app.ts), not the bare build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  // precompress: .br and .gz beside the client's assets, served as they are by server/index.mjs.
  plugins: [tailwindcss(), reactRouter(), precompress()],
  server: { port: Number(process.env.PORT ?? 3000) },
}));

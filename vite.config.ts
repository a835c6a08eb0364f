import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is the edge around the React Router build (server/app.ts), not the bare build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : {},
  plugins: [tailwindcss(), reactRouter()],
  server: { port: Number(process.env.PORT ?? 3000) },
}));

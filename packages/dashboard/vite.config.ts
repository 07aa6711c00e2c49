/**
 * The dashboard is built to dist/ and served by @kindling/server at `/`, so every API call is a
 * same-origin relative path. In development, Vite forwards the API paths to a local server.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // The key rule comes from the core's sources, as in the tests: building the dashboard needs no build of the core.
  resolve: { alias: { '@kindling/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/admin': apiServer,
      '/api': apiServer,
      '/v1': apiServer,
    },
  },
});

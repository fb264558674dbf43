import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Served by the API at /admin/ (index.html fallback); `vite` in development forwards the API's paths.
const api = process.env.API_ORIGIN || 'http://127.0.0.1:4000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: {
    alias: {
      // node-polyglot's Object.entries polyfill pulls some 20 kB of es-abstract helpers into the
      // first screen (issue 36); every browser the back-office supports has Object.entries.
      'object.entries': fileURLToPath(new URL('./object-entries.cjs', import.meta.url)),
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
});

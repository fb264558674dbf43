import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API at /admin/ (index.html fallback); `vite` in development forwards the API's paths.
const api = process.env.API_ORIGIN || 'http://127.0.0.1:4000';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
});

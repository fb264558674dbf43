import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  ssr: { noExternal: ['stylis-plugin-rtl'] },
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      '@mui/material',
      '@emotion/react',
      '@emotion/styled',
      '@emotion/cache',
      'stylis-plugin-rtl',
    ],
  },
  server: { port: Number(process.env.PORT || 3000), host: '127.0.0.1' },
});

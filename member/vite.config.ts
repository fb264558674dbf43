import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rollup } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The libraries every page needs (what entry.client.tsx and root.tsx import: React, Remix, emotion
 * and MUI's chrome) go out as one file: fewer requests and headers, and Brotli packs one file better
 * than twenty small ones. What only some routes use stays in their chunks. The chrome imports MUI by
 * path (`@mui/material/Box`): through the package's index every component would look needed.
 */
function firstLoadChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  const barrel = /\/node_modules\/@mui\/(material|icons-material)\/esm\/index\.js$/;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!shell) {
      shell = new Set();
      const queue = [...getModuleIds()].filter((m) => /\/app\/(root|entry\.client)\.tsx$/.test(m));
      while (queue.length) {
        const next = queue.pop()!;
        if (shell.has(next) || barrel.test(next)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (id.includes('/node_modules/') && shell.has(id)) return 'shell';
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: firstLoadChunk() } } },
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
}));

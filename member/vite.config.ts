import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rollup } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The libraries every page needs (what entry.client.tsx and root.tsx import: React and Remix) go out
 * as one file: fewer requests and headers, and Brotli packs one file better than twenty small ones.
 * The site's own primitives (app/ui) are one more file. What only some routes use stays in their chunks.
 */
function firstLoadChunk(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo, getModuleIds }) => {
    if (!shell) {
      shell = new Set();
      const queue = [...getModuleIds()].filter((m) => /\/app\/(root|entry\.client)\.tsx$/.test(m));
      while (queue.length) {
        const next = queue.pop()!;
        if (shell.has(next)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    if (id.includes('/node_modules/') && shell.has(id)) return 'shell';
    // The primitives (buttons, cards, fields: a few hundred bytes each) go out as one file, not one request each.
    if (id.includes('/app/ui/')) return 'ui';
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
  optimizeDeps: { include: ['react', 'react-dom/client'] },
  server: { port: Number(process.env.PORT || 3000), host: '127.0.0.1' },
}));

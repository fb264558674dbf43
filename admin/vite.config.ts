import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';

// Served by the API at /admin/ (index.html fallback); `vite` in development forwards the API's paths.
const api = process.env.API_ORIGIN || 'http://127.0.0.1:4000';

type Tree = { [key: string]: string | Tree };

/**
 * What the sign-in page, the signed-in frame and the dashboard translate (issue 36): react-admin's
 * own messages but the editor's, our sign-in, dashboard, theme, security and error strings, and each
 * resource's name for the menu. The screens load the whole catalogue before they show.
 */
const FIRST_SCREEN = [
  'ra',
  'app.title',
  'app.theme',
  'app.login',
  'app.dashboard',
  'app.notify',
  'app.errors',
  'app.validation',
  'app.security',
  'app.media.title',
  'app.system.title',
  'resources.*.name',
];
const LEFT_OUT = ['ra.tiptap'];

/** The part of a catalogue the paths name (`*` for any key). */
function pick(tree: Tree, paths: string[][]): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    const here = paths.filter((p) => p[0] === key || p[0] === '*');
    if (!here.length) continue;
    if (here.some((p) => p.length === 1) || typeof value === 'string') out[key] = value;
    else
      out[key] = pick(
        value,
        here.map((p) => p.slice(1)),
      );
  }
  return out;
}

/**
 * `virtual:first-catalogue/en` (and `/ar`): FIRST_SCREEN's part of src/i18n/{en,ar}.ts, computed at
 * build time from the files themselves (they stay the one source), a chunk a third of the whole.
 */
function firstCatalogues(): Plugin {
  const prefix = 'virtual:first-catalogue/';
  return {
    name: 'first-catalogues',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return;
      const locale = id.slice(prefix.length + 1);
      const file = fileURLToPath(new URL(`./src/i18n/${locale}.ts`, import.meta.url));
      this.addWatchFile(file);
      const { module } = await runnerImport<Record<string, Tree>>(file, { configFile: false, logLevel: 'error' });
      const paths = FIRST_SCREEN.map((p) => p.split('.'));
      // The English file spreads react-admin's package into its own (with the editor's messages).
      const catalogue = pick(module[locale], paths);
      for (const [head, tail] of LEFT_OUT.map((p) => p.split('.'))) {
        const part = catalogue[head];
        if (typeof part === 'object')
          catalogue[head] = Object.fromEntries(Object.entries(part).filter(([k]) => k !== tail));
      }
      return `export default ${JSON.stringify(catalogue)};`;
    },
  };
}

export default defineConfig({
  base: '/admin/',
  plugins: [react(), firstCatalogues()],
  resolve: {
    alias: {
      // node-polyglot's Object.entries polyfill pulls some 20 kB of es-abstract helpers into the
      // first screen (issue 36); every browser the back-office supports has Object.entries and
      // Object.hasOwn.
      'object.entries': fileURLToPath(new URL('./shims/object-entries.cjs', import.meta.url)),
      hasown: fileURLToPath(new URL('./shims/hasown.cjs', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // Terser packs the code some 5% smaller than esbuild after Brotli (issue 36: ~9 kB of the first
    // screen), for a slower build.
    minify: 'terser',
    // Every browser the back-office supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
});

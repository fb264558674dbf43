// The member site's HTTP server: the Remix build behind Express, in any NODE_ENV (`remix-serve`
// expects a Remix dev server whenever NODE_ENV=development and crashes without one). Requests are
// checked here before Remix sees them. `node member/server.mjs` (npm start runs it).
import cluster from 'node:cluster';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';

process.env.NODE_ENV ??= 'production';
const here = dirname(fileURLToPath(import.meta.url));

/** Written into every request Remix sees, over anything the browser sent (read by app/utils/api.server.ts). */
const CLIENT_ADDRESS_HEADER = 'x-member-client-address';

function whole(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    console.error(`Configuration error: ${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    process.exit(1);
  }
  return n;
}

const port = whole('PORT', 3000, 1, 65535);
// Proxies in front of this server whose X-Forwarded-For entries are believed, counted from the right.
const trustProxyHops = whole('TRUST_PROXY_HOPS', 0, 0, 10);
// WEB_CONCURRENCY above 1: this process only supervises that many copies sharing the port (the
// session is a signed cookie, so any copy serves any member); it never loads the app itself.
const workers = whole('WEB_CONCURRENCY', 1, 1, 64);
if (workers > 1 && cluster.isPrimary) {
  superviseWorkers(workers);
  await new Promise(() => {}); // the workers keep this process alive; stop() ends it
}

/** Starts the copies, starts again one that dies (one dying at start stops all), stops them on SIGTERM. */
function superviseWorkers(count) {
  let stopping = false;
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i++) fork();
  console.log(`[member] ${count} processes on port ${port} (WEB_CONCURRENCY)`);
  const stop = (code) => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (!running.length) process.exit(code);
    for (const w of running) w.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), 15_000).unref();
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
    } else if (lived < 10_000) {
      console.error(`[member] a worker stopped at start (${signal ?? code}); stopping`);
      stop(1);
    } else {
      console.error(`[member] worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
      setTimeout(fork, 1000);
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => stop(0));
}

const build = await import(pathToFileURL(join(here, 'build/server/index.js')).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

/**
 * A post another site made the member's browser send: Sec-Fetch-Site says so, or the Origin is not
 * this host. (Remix would throw on the Origin as a 500; we answer 403 with a page that says why.)
 */
function crossSite(req) {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  const ownHost = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
  try {
    return new URL(origin).host !== ownHost;
  } catch {
    return true;
  }
}

const app = express();
app.disable('x-powered-by');
// 0: the socket's address; n: the entry n hops from the right of X-Forwarded-For (Express's req.ip).
app.set('trust proxy', trustProxyHops);
app.use(compression());

const assets = join(here, build.assetsBuildDirectory);
/** The build's files as it precompressed them (Brotli or gzip, by Accept-Encoding), else as they are. */
const files = (dir, cache, fallthrough) =>
  expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, fallthrough, setHeaders: (res) => res.setHeader('Cache-Control', cache) },
  });
// Vite's content-hashed files never change; the rest of public/ may.
app.use('/assets', files(join(assets, 'assets'), 'public, max-age=31536000, immutable', false));
app.use(files(assets, 'public, max-age=3600', true));

// The load balancer's health check: this process answers (the API has its own, /api/health).
app.get('/healthz', (_req, res) => res.set('Cache-Control', 'no-store').json({ status: 'ok' }));

app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? '';
  if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && crossSite(req)) {
    // Nothing of the post is read or acted on: the refusal page is rendered as a page of its own.
    req.method = 'GET';
    req.url = req.originalUrl = '/refused/cross-site';
    delete req.headers.origin;
    delete req.headers['content-type'];
    delete req.headers['content-length'];
    req.resume();
  }
  next();
});

app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

const host = process.env.HOST;
const server = host ? app.listen(port, host) : app.listen(port);
server.on('listening', () => console.log(`[member] http://${host || 'localhost'}:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close(() => process.exit(0)));

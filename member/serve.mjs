// One process of the member site's HTTP server: the Remix build behind Express, in any NODE_ENV
// (`remix-serve` expects a Remix dev server whenever NODE_ENV=development and crashes without one).
// Requests are checked here before Remix sees them. Started by server.mjs (`node member/server.mjs`).
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import { installGlobals } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { randomUUID } from 'node:crypto';
import { redactUrl } from '@platform/contract';
import { weakSecret } from '@platform/contract/node';
import { log, release } from './log.mjs';
import { memberMetrics } from './metrics.mjs';

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

/** METRICS_TOKEN, when set: at least 32 characters, and not weak in production (as the API checks it). */
const metricsToken = process.env.METRICS_TOKEN || undefined;
if (metricsToken) {
  const weakness =
    process.env.NODE_ENV === 'production'
      ? weakSecret(metricsToken)
      : metricsToken.length < 32
        ? 'must be at least 32 characters long'
        : undefined;
  if (weakness) {
    console.error(`Configuration error: METRICS_TOKEN ${weakness}`);
    process.exit(1);
  }
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
// Remix reads the URL itself: no query object parsed (with qs) for every request.
app.set('query parser', false);
// 0: the socket's address; n: the entry n hops from the right of X-Forwarded-For (Express's req.ip).
app.set('trust proxy', trustProxyHops);
/**
 * Every request: its id (X-Request-Id from the load balancer when sensible, else a UUID), returned to
 * the browser and passed on to the API with each call (app/utils/api.server.ts), and one JSON access
 * line when it is answered (tokens in paths and queries redacted; health checks at debug level).
 */
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/livez', '/readyz']);
// Prometheus figures (member/metrics.mjs): every request counted by its route, /metrics for the scrape.
const metrics = memberMetrics(build, { token: metricsToken, quiet: QUIET_PATHS });
app.use(metrics.count);
app.use((req, res, next) => {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('X-Request-Id', id);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const status = res.statusCode;
    const level = status >= 500 ? 'error' : QUIET_PATHS.has(req.path) ? 'debug' : 'info';
    log[level](
      {
        reqId: id,
        req: { method: req.method, url: redactUrl(req.originalUrl) },
        res: { statusCode: status },
        responseTime: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
      },
      'request completed',
    );
  });
  next();
});
app.use(compression());
// The release that answered (a rolling upgrade runs two side by side).
app.use((_req, res, next) => {
  res.setHeader('X-App-Version', release.version);
  next();
});

/** A file this server does not serve: a plain 404, no page and nothing in the log. */
const notFound = (_req, res) =>
  res.status(404).type('text/plain').set('X-Content-Type-Options', 'nosniff').send('Not found');
const assets = join(here, build.assetsBuildDirectory);
// Source maps only when asked for (SOURCE_MAPS=1), as the API does for the back-office; the build makes none.
if (process.env.SOURCE_MAPS !== '1') {
  app.use((req, res, next) => (req.path.endsWith('.map') ? notFound(req, res) : next()));
}
/**
 * public/'s pictures (the article placeholder, the icons, the share picture) change with a release at
 * most: a week, then asked again with their ETag. Anything else there: an hour.
 */
const publicCache = (path) =>
  /\.(svg|png|ico|webp|jpe?g)(\.br|\.gz)?$/.test(path)
    ? 'public, max-age=604800, stale-while-revalidate=86400'
    : 'public, max-age=3600';

/**
 * The build's files as it precompressed them (Brotli or gzip, by Accept-Encoding), else as they are.
 * Content-hashed files never change: no validators (ETag, Last-Modified) nor ranges to send with them.
 */
const files = (dir, fallthrough, immutable) =>
  expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      fallthrough,
      etag: !immutable,
      lastModified: !immutable,
      acceptRanges: !immutable,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : publicCache(path));
        // A script or stylesheet is run only as the type it is sent with, never as a browser guesses it.
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    },
  });
// Vite's content-hashed files never change; the rest of public/ may.
app.use('/assets', files(join(assets, 'assets'), true, true));
// A file the build does not have: a plain 404 (as an error it went to the log with a stack trace).
app.use('/assets', notFound);
// public/'s files by their URL paths, listed once: a page's request goes on to Remix without a look
// on the disk (looking cost each page about 0.8 ms of CPU).
const urlPath = (entry) =>
  `/${relative(assets, join(entry.parentPath ?? entry.path, entry.name))
    .split(sep)
    .join('/')}`;
const publicFiles = new Set(
  readdirSync(assets, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(urlPath)
    .filter((path) => !path.startsWith('/assets/') && !/\.(br|gz)$/.test(path)),
);
const publicStatic = files(assets, true, false);
app.use((req, res, next) => (publicFiles.has(req.path) ? publicStatic(req, res, next) : next()));

// Liveness: this process answers (/healthz as before, /livez). Readiness (/readyz, the load balancer's
// check): the process is not draining (SIGTERM) and the API answers; 503 when the API refuses or
// answers an error. An API slower than 2 s is busy, not down: every member process asks the same API,
// so counting slow as down would take them all out of the load balancer at once (each page then a 503
// from it, as a rolling restart under load showed, one API process left for all), where a slow page
// is still a page.
let draining = false;
const apiHealth = `${(process.env.API_URL || `http://127.0.0.1:${process.env.API_PORT || '4000'}/api`).replace(/\/$/, '')}/health`;
const live = (_req, res) => res.set('Cache-Control', 'no-store').json({ status: 'ok' });
app.get('/healthz', live);
app.get('/livez', live);
app.get('/metrics', metrics.serve);
app.get('/readyz', async (_req, res) => {
  let api = 'down';
  try {
    const answer = await fetch(apiHealth, { signal: AbortSignal.timeout(2000) });
    await answer.arrayBuffer();
    api = answer.ok ? 'up' : 'down';
  } catch (err) {
    if (err?.name === 'TimeoutError') api = 'slow';
  }
  const up = !draining && api !== 'down';
  if (!up) log.warn({ api, draining }, 'not ready');
  res
    .status(up ? 200 : 503)
    .set('Cache-Control', 'no-store')
    .json({ status: up ? 'ok' : draining ? 'draining' : 'unavailable', api, version: release.version });
});

// Each request's own scope, where the app keeps what it asked the API once for all its loaders
// (app/utils/request-scope.server.ts).
const requestScope = new AsyncLocalStorage();
globalThis[Symbol.for('member.request-scope')] = requestScope;

/**
 * No page's path holds a backslash (ids, slugs, tokens and file names never do), and React Router reads
 * `/\x` as an address on host x when it renders a page: its URL parser throws on some (`/%5C%20`, also
 * reached as `//%5C%20` or `/a/../%5C%20`), a 500. A path with one, literal or encoded (%5C), gets the
 * not-found page, as any unknown path.
 */
const BACKSLASH = /\\|%5c/i;
const UNKNOWN_PATH = '/not-found';

/** A path with a broken escape (%C0) names no page either (React Router would log a warning for each). */
function malformed(path) {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

app.use((req, _res, next) => {
  req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? '';
  if (BACKSLASH.test(req.path) || malformed(req.path)) req.url = req.originalUrl = UNKNOWN_PATH;
  if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && crossSite(req)) {
    // Nothing of the post is read or acted on: the refusal page is rendered as a page of its own.
    req.method = 'GET';
    req.url = req.originalUrl = '/refused/cross-site';
    delete req.headers.origin;
    delete req.headers['content-type'];
    delete req.headers['content-length'];
    req.resume();
  }
  requestScope.run(new Map(), next);
});

// As middleware, not a route: a route's `*` parameter is decoded by Express, which logs a URIError
// with its stack for a malformed escape (%C0) before Remix sees the request.
app.use(createRequestHandler({ build, mode: process.env.NODE_ENV }));

const host = process.env.HOST;
const server = host ? app.listen(port, host) : app.listen(port);
server.on('listening', () => log.info(`listening on http://${host || 'localhost'}:${port}`));
// Once, whichever comes first: SIGINT from the terminal and SIGTERM from the cluster's primary.
// SIGTERM: readiness fails at once, then after SHUTDOWN_DRAIN_MS (3000 in production) the server stops
// accepting, answers what it holds (idle keep-alive connections closed, busy ones after their answer,
// all within 20 s), and the process exits, logging each step.
const drainMs = whole('SHUTDOWN_DRAIN_MS', process.env.NODE_ENV === 'production' ? 3000 : 0, 0, 120000);
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    draining = true;
    log.info({ signal, drainMs }, `${signal}: draining (readiness fails)`);
    setTimeout(() => {
      log.info('closing: no new connections, finishing the requests in flight');
      server.close(() => {
        log.info('stopped');
        process.exit(0);
      });
      server.closeIdleConnections();
      setTimeout(() => {
        log.warn('requests still open after 20 s: closing them');
        server.closeAllConnections();
      }, 20000).unref();
    }, drainMs);
  });
}

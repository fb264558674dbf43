// The member server's Prometheus figures at GET /metrics (prom-client), as the API's (api/src/health/
// metrics.ts): only for a scrape sending METRICS_TOKEN as its bearer token (404 when unset, 403
// otherwise); requests by route (the Remix route's id, `routes/teams.$id`, never the raw path: paths
// carry tokens), method and status class with their duration, and prom-client's defaults (event-loop
// lag, memory, CPU). One registry per process: scrape each process on its own port.
import { createHash, timingSafeEqual } from 'node:crypto';
import { matchRoutes } from '@remix-run/router';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const digest = (value) => createHash('sha256').update(value).digest();

/** Remix's routes as a tree for matchRoutes, from the server build's flat list. */
function routeTree(build) {
  const byParent = new Map();
  for (const route of Object.values(build.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const children = (parentId) =>
    (byParent.get(parentId) ?? []).map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : children(route.id),
    }));
  return children(undefined);
}

/**
 * `files`: paths served as files before Remix (a label of their own); `quiet`: the health paths.
 * Returns the middleware counting every request and the /metrics handler.
 */
export function memberMetrics(build, { token, quiet }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by route (Remix route id, files, health), method and status class, with their duration.',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const tree = routeTree(build);
  const routeOf = (req) => {
    const path = req.path;
    if (path === '/metrics' || quiet.has(path)) return path;
    if (path.startsWith('/assets/')) return '/assets/*';
    let matches = null;
    try {
      matches = matchRoutes(tree, path);
    } catch {
      /* a path Remix cannot read either */
    }
    return matches?.length ? matches[matches.length - 1].route.id : 'unmatched';
  };

  const count = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      requests.observe(
        { route: routeOf(req), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };

  const expected = token ? digest(`Bearer ${token}`) : undefined;
  const serve = async (req, res, next) => {
    if (!expected) return next();
    const given = req.get('authorization');
    res.set('Cache-Control', 'no-store');
    if (!given || !timingSafeEqual(digest(given), expected))
      return res.status(403).type('text/plain').send('Forbidden');
    res.type(registry.contentType).send(await registry.metrics());
  };
  return { count, serve };
}

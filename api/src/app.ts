import 'reflect-metadata';
import { HealthService } from './health/health.service';
import { registerMetrics } from './health/metrics';
import { LeaderboardHub } from './event-day/leaderboard-hub';
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import { parse as parseForm } from 'node:querystring';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import type { LoggerService } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSIONS_POLICY } from '@platform/contract';
import { Logger } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import { redactUrl } from '@platform/contract';
import { requestId } from './common/request-id';
import { AppModule } from './app.module';
import { openApiDocument } from './openapi';
import { passwordWork, setPasswordHashCost } from './auth/password';
import { AppError } from './common/app-error';
import { clientAddressHook } from './common/client-address';
import { sendError } from './common/error-response';
import { validationPipe } from './common/validation';
import type { AppConfig } from './core/config';
import { openDatabase, SEED_LOCK, type Database, type Db } from './core/database';
import { sql } from 'drizzle-orm';
import { FileStore } from './media/file-store';
import { serveUploadsFromStore } from './media/serve';
import { seed, type SeedLog } from './seed';

/** The largest JSON or form body the API reads (Express's '100kb'). */
export const BODY_LIMIT = 100 * 1024;

/** Routes whose handlers read the request's raw JSON text (`req.rawBody`): signed webhooks. */
export const RAW_BODY_ROUTES = new Set(['/api/whatsapp/webhook']);

/** Production answers over https tell browsers to use HTTPS only, for a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The back-office's policy: only its own built scripts run (no inline script, no eval); emotion
 * (MUI, react-admin) writes its styles into <style> tags at run time, hence inline styles; pictures
 * come from this origin (uploads), data: and blob: URLs (previews); nobody may frame it.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The OpenAPI page (Swagger UI, where API_DOCS serves it): its own script files only, its styles
 * inline, no framing.
 */
export const DOCS_CSP = ADMIN_CSP;

/** Paths under /api (routes match in any case: /API/accounts is /api/accounts). */
const API_PATH = /^\/api(\/|\?|$)/i;
const DOCS_PATH = /^\/api\/docs(\/|\?|-json|$)/i;

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, PGlite in DATA_DIR/db otherwise); applies
 * the pending migrations unless `migrate` is false (the operator command's dry run).
 */
export function openConfiguredDatabase(config: AppConfig, migrate = true): Promise<Database> {
  return openDatabase(config.databaseUrl ?? join(config.dataDir, 'db'), { migrate });
}

/**
 * Nest's start-up lines (each module loaded, each of some 200 routes mapped) only at `debug`: at
 * `info` they buried the addresses and the first admin's password of `npm start`.
 */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
function withoutStartupNoise(logger: Logger, level: string): LoggerService {
  if (level === 'debug' || level === 'trace') return logger;
  return {
    log: (message: unknown, ...rest: unknown[]) => {
      if (!STARTUP_CONTEXTS.has(rest[rest.length - 1] as string)) logger.log(message, ...rest);
    },
    error: (message: unknown, ...rest: unknown[]) => logger.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => logger.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => logger.debug(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => logger.verbose(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => logger.fatal(message, ...rest),
  };
}

/** Builds the whole API on an open database; used by main.ts and by the tests. */
export async function createApp(
  config: AppConfig,
  database: Database,
  log?: SeedLog,
  logDestination?: DestinationStream,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    // The client's address: the socket's, or TRUST_PROXY_HOPS entries from the right of X-Forwarded-For.
    trustProxy: config.trustProxyHops,
    bodyLimit: BODY_LIMIT,
    // The old contract's paths work with or without their trailing slash (`/adduser-steb/`), in any case.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
    // Fastify's logger stays off (pino-http logs through nestjs-pino); the request id is ours, given to
    // Fastify (its request.id, which pino-http's line takes) and to pino-http alike: common/request-id.ts.
    logger: false,
    genReqId: (req: IncomingMessage) => requestId(req),
    // A request that reaches the process while it closes (SIGTERM, after its drain) is answered, with
    // `Connection: close`, rather than refused with a 503: it may be a payment, which the load balancer
    // does not send twice (docs/deploy.md, rolling restarts).
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, database, logDestination),
    adapter,
    { bodyParser: false, bufferLogs: true },
  );
  passwordWork.setMax(config.passwordHashConcurrency);
  setPasswordHashCost(config.passwordHashCost);
  const logger = app.get(Logger);
  app.useLogger(withoutStartupNoise(logger, config.logLevel));
  // Buffered start-up lines go out now, and later ones at once (Nest would hold them until listen()).
  app.flushLogs();
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // The member server's forwarded address only with the shared secret (never the leftmost value).
  fastify.addHook('onRequest', clientAddressHook(config.memberProxySecret));
  // Every request has its id from the start (X-Request-Id honoured or a UUID), returned to the client;
  // the paths outside /api (the back-office's files, /uploads, /) get their access line here, the API's
  // own from pino-http (health checks out of the info log there too).
  const accessLog =
    logDestination || config.production || config.logLevel === 'silent'
      ? pino({ level: config.logLevel, base: { pid: process.pid } }, logDestination ?? pino.destination(1))
      : pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { singleLine: true } } });
  fastify.addHook('onRequest', (req, reply, done) => {
    requestId(req.raw, reply.raw);
    done();
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    if (!API_PATH.test(req.url)) {
      const status = reply.statusCode;
      accessLog[status >= 500 ? 'error' : 'info'](
        {
          reqId: requestId(req.raw),
          req: { method: req.method, url: redactUrl(req.url) },
          res: { statusCode: status },
          responseTime: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });
  fastify.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // The release that answered (a rolling upgrade runs two side by side).
    reply.header('X-App-Version', config.build.version);
    // An API answer is someone's own (a profile, a team, an order) unless its route says otherwise
    // (public reference data sets its own Cache-Control): never kept by a browser or a proxy.
    if (API_PATH.test(req.url)) reply.header('Cache-Control', 'no-store');
    if (DOCS_PATH.test(req.url)) reply.header('Content-Security-Policy', DOCS_CSP);
    // Over https only (the socket's, or X-Forwarded-Proto from a trusted proxy: TRUST_PROXY_HOPS).
    if (config.production && req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
  // Prometheus figures at /metrics, for a scrape with METRICS_TOKEN only (health/metrics.ts).
  const health = app.get(HealthService);
  const hub = app.get(LeaderboardHub);
  registerMetrics(fastify, {
    token: config.metricsToken,
    operations: () => health.operations(),
    pool: database.poolStats?.bind(database),
    leaderboardStreams: () => hub.streams,
  });
  fastify.decorateRequest('auth', undefined);
  registerBodyParsers(fastify);
  await app.register(fastifyMultipart);
  // Answers a browser may take compressed: JSON, CSV, HTML (files the build compressed go out as they are).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(validationPipe());
  // No signal listeners of Nest's own (enableShutdownHooks): main.ts drains on SIGTERM, then app.close()
  // runs the same shutdown hooks (the jobs stop).

  // The OpenAPI description and its page: always in development, in production only with API_DOCS=1.
  if (config.apiDocs) {
    SwaggerModule.setup('api/docs', app, () => openApiDocument(app, config.build.version));
  }

  // Uploaded files: never executed, never sniffed; anything but a picture downloads as an attachment.
  // From the local disk, or streamed from the bucket with the same headers.
  // From the local disk or the bucket, through the file store: one set of path checks and headers.
  fastify.route({ method: ['GET', 'HEAD'], url: '/uploads/*', handler: serveUploadsFromStore(app.get(FileStore)) });
  await serveAdmin(app, fastify, config);
  const seedLog = log ?? { info: (m: string) => logger.log(m, 'Seed'), warn: (m: string) => logger.warn(m, 'Seed') };
  if (database.kind === 'postgres') {
    // Several instances may start at once on an empty database: one writes the first rows, the
    // others wait for it and then find them there.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
      await seed(tx as unknown as Db, config, seedLog);
    });
  } else {
    await seed(database.db, config, seedLog);
  }
  // Routes are registered at init; Fastify answers once it is ready (main.ts only listens then).
  await app.init();
  await fastify.ready();
  return app;
}

/**
 * JSON and form bodies as Express's parsers read them: JSON objects and arrays only (an empty body is
 * `{}`), forms as flat key/value pairs, within BODY_LIMIT; multipart is read by the upload routes;
 * any other type is left unread (no body), as before.
 */
function registerBodyParsers(fastify: FastifyInstance) {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // A webhook's signature is over its exact bytes: those routes keep the raw text beside the parsed body.
    if (RAW_BODY_ROUTES.has(req.routeOptions.url ?? ''))
      (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    const text = (body as string).trim();
    if (!text) return done(null, {});
    if (text[0] !== '{' && text[0] !== '[') return done(new AppError(400, 'request.malformed_json'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'request.malformed_json'), undefined);
    }
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, { ...parseForm(body as string) }),
  );
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/** A regular file at `rel` inside `root` (never outside it), or null. */
function fileIn(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep)) return null;
  try {
    return statSync(path).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * The back-office SPA from admin/dist at /admin, with index.html for its client routes. Files go out
 * as the build precompressed them (Brotli or gzip, by Accept-Encoding); Vite's content-hashed files
 * under assets/ are cached for good; source maps only where config.sourceMaps allows.
 */
async function serveAdmin(app: NestFastifyApplication, fastify: FastifyInstance, config: AppConfig) {
  const root = normalize(config.adminDist);
  const index = join(root, 'index.html');
  // reply.sendFile, with the build's .br / .gz files chosen by Accept-Encoding; no route of its own.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, index: false });
  const handler = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('Content-Security-Policy', ADMIN_CSP);
    reply.header('X-Frame-Options', 'DENY');
    const rel = (req.params as { '*'?: string })['*'] ?? '';
    if (!config.sourceMaps && rel.endsWith('.map')) return sendError(req, reply, 404, 'request.not_found');
    // Content-hashed files never change: cached for good, with no validators (ETag, Last-Modified)
    // nor ranges to send; a missing one is a 404, never the page.
    if (rel.startsWith('assets/')) {
      if (!fileIn(root, rel)) return sendError(req, reply, 404, 'request.not_found');
      return reply.sendFile(rel, root, {
        maxAge: 31536000 * 1000,
        immutable: true,
        etag: false,
        lastModified: false,
        acceptRanges: false,
      });
    }
    if (rel && fileIn(root, rel)) return reply.sendFile(rel, root, { maxAge: 3600 * 1000 });
    if (!existsSync(index)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The back-office is not built yet: run `npm run build` (or `npm start`).');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', root, { cacheControl: false });
  };
  fastify.route({ method: ['GET', 'HEAD'], url: '/admin', handler });
  fastify.route({ method: ['GET', 'HEAD'], url: '/admin/*', handler });
  fastify.get('/', (_req, reply) => reply.redirect('/admin/', 302));
}

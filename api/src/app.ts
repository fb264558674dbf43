import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { passwordWork } from './auth/password';
import { clientAddressMiddleware } from './common/client-address';
import { sendError } from './common/error-response';
import { validationPipe } from './common/validation';
import type { AppConfig } from './config/config';
import { openDatabase, SEED_LOCK, type Database, type Db } from './db/database';
import { sql } from 'drizzle-orm';
import { FileStore, LocalFileStore } from './media/file-store';
import { serveUploadsFromStore, uploadHeaders } from './media/serve';
import { seed, type SeedLog } from './db/seed';

export const BODY_LIMIT = '100kb';

/** Production answers tell browsers to use HTTPS only, for a year, subdomains included. */
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

/** Opens the database (PostgreSQL when DATABASE_URL is set, PGlite in DATA_DIR/db otherwise) and applies migrations. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return openDatabase(config.databaseUrl ?? join(config.dataDir, 'db'));
}

/** Builds the whole API on an open database; used by main.ts and by the tests. */
export async function createApp(
  config: AppConfig,
  database: Database,
  log?: SeedLog,
  logDestination?: DestinationStream,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, database, logDestination), {
    bodyParser: false,
    bufferLogs: true,
  });
  passwordWork.setMax(config.passwordHashConcurrency);
  const logger = app.get(Logger);
  app.useLogger(logger);
  // The client's address: the socket's, or TRUST_PROXY_HOPS entries from the right of X-Forwarded-For;
  // the member server's forwarded address only with the shared secret (never the leftmost value).
  app.set('trust proxy', config.trustProxyHops);
  app.use(clientAddressMiddleware(config.memberProxySecret));
  app.disable('x-powered-by');
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (config.production) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  });
  app.use('/api', express.json({ limit: BODY_LIMIT }), express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  // Body parser failures (malformed JSON, too large) answer in the one error shape, never a 500.
  app.use('/api', (err: { type?: string; status?: number }, req: Request, res: Response, next: NextFunction) => {
    if (err?.type === 'entity.parse.failed') return sendError(req, res, 400, 'request.malformed_json');
    if (err?.type === 'entity.too.large') return sendError(req, res, 413, 'request.too_large');
    if (err?.status && err.status >= 400 && err.status < 500) return sendError(req, res, err.status, 'request.bad');
    next(err);
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(validationPipe());
  app.enableShutdownHooks();

  // The OpenAPI description and its page: always in development, in production only with API_DOCS=1.
  if (config.apiDocs) {
    const openapi = new DocumentBuilder()
      .setTitle('Competition and membership platform API')
      .setDescription('Member contract (spec §7) and the back-office resources under /api/admin (ra-data-simple-rest).')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization' }, 'token')
      .build();
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openapi));
  }

  // Uploaded files: never executed, never sniffed; anything but a picture downloads as an attachment.
  // From the local disk, or streamed from the bucket with the same headers.
  const files = app.get(FileStore);
  app.use(
    '/uploads',
    files instanceof LocalFileStore
      ? express.static(config.uploadsDir, {
          index: false,
          dotfiles: 'deny',
          maxAge: '7d',
          setHeaders: (res, path) => uploadHeaders(res, path),
        })
      : serveUploadsFromStore(files),
  );
  serveAdmin(app, config);
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
  return app;
}

/**
 * The back-office SPA from admin/dist at /admin, with index.html for its client routes. Files go out
 * as the build precompressed them (Brotli or gzip, by Accept-Encoding); Vite's content-hashed files
 * under assets/ are cached for good; source maps only where config.sourceMaps allows.
 */
function serveAdmin(app: NestExpressApplication, config: AppConfig) {
  const index = join(config.adminDist, 'index.html');
  app.use('/admin', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', ADMIN_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  if (!config.sourceMaps) {
    app.use('/admin', (req: Request, res: Response, next: NextFunction) =>
      req.path.endsWith('.map') ? sendError(req, res, 404, 'request.not_found') : next(),
    );
  }
  // Content-hashed files never change: cached for good, with no validators (ETag, Last-Modified)
  // nor ranges to send; a missing one is a 404, never the page.
  const files = (dir: string, immutable: boolean) =>
    expressStaticGzip(dir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        etag: !immutable,
        lastModified: !immutable,
        acceptRanges: !immutable,
        setHeaders: (res) =>
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'),
      },
    });
  app.use('/admin/assets', files(join(config.adminDist, 'assets'), true));
  app.use('/admin/assets', (req: Request, res: Response) => sendError(req, res, 404, 'request.not_found'));
  app.use('/admin', files(config.adminDist, false));
  app.use('/admin', (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The back-office is not built yet: run `npm run build` (or `npm start`).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' && req.path === '/') return res.redirect('/admin/');
    next();
  });
}

import {
  applyDecorators,
  Global,
  Inject,
  Injectable,
  mixin,
  Module,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import type { AuthedRequest } from '../auth/auth.guard';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG } from '../core/core.module';
import { judgeApplications, research, users, type User } from '../db/schema';
import { UploadStore } from './upload-store';

/** Where uploads are streamed (never into memory); what a route does not move away is removed. */
export const uploadTempDir = (config: AppConfig) => join(config.dataDir, 'tmp');

/** A file of an upload request, streamed to DATA_DIR/tmp; `originalname` is the name the uploader gave. */
export interface ReceivedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  path: string;
}

type UploadRequest = Omit<AuthedRequest, 'file' | 'files'> & { file?: ReceivedFile; files?: ReceivedFile[] };

type Limits = { fileSize: number; files: number; fields: number };

/** Which file fields a route reads: one file, several in one field, or any fields. */
type FileFields = string | { array: string } | { any: true };

/**
 * Reads a multipart body: text fields into the answer, each named file streamed to `dir` (and listed
 * in `saved` as soon as it is opened, so a failure half-way still removes it). As multer did: a file
 * part without a name is skipped, a file in a field the route does not read is a 400, a file past
 * `fileSize` a 413, any other broken or excessive body a 400.
 */
async function readMultipart(
  req: UploadRequest,
  fields: FileFields,
  limits: Limits,
  dir: string,
  saved: ReceivedFile[],
) {
  const body: Record<string, string | string[]> = {};
  const wanted = (name: string) =>
    typeof fields === 'string' ? name === fields : 'array' in fields ? name === fields.array : true;
  const maxFiles = typeof fields === 'string' ? 1 : limits.files;
  for await (const part of req.parts({ limits: { ...limits, files: limits.files } })) {
    if (part.type === 'field') {
      if (part.valueTruncated || part.fieldnameTruncated) throw new AppError(400, 'request.bad');
      const value = String(part.value);
      const had = body[part.fieldname];
      body[part.fieldname] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
      continue;
    }
    if (!part.filename) {
      part.file.resume();
      continue;
    }
    if (!wanted(part.fieldname) || saved.length >= maxFiles) {
      part.file.resume();
      throw new AppError(400, 'request.bad');
    }
    const file: ReceivedFile = {
      fieldname: part.fieldname,
      originalname: part.filename,
      mimetype: part.mimetype,
      size: 0,
      path: join(dir, randomUUID()),
    };
    saved.push(file);
    const out = createWriteStream(file.path);
    await pipeline(part.file, out);
    if (part.file.truncated) throw tooLarge(limits);
    file.size = out.bytesWritten;
  }
  return body;
}

/** A file past the route's limit: 413, with the limit in megabytes so the member knows what fits. */
const tooLarge = (limits: Limits) =>
  new AppError(413, 'upload.too_large', { limit: Number((limits.fileSize / (1024 * 1024)).toFixed(1)) });

/** A failure while reading an upload, in the API's terms: too large is 413, anything else 400. */
function uploadError(err: unknown, limits: Limits): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(limits);
  if (typeof code === 'string' && code.startsWith('EN')) return err; // the disk, not the request
  return new AppError(400, 'request.bad');
}

/**
 * Reads the upload (multipart) into `req.file` or `req.files` and the text fields into `req.body`,
 * then removes the request's temporary files once the route is done, before it answers, whether it
 * succeeded or failed (what the route moved into place is no longer there to remove).
 */
function uploadInterceptor(fields: FileFields, limits: Limits): Type<NestInterceptor> {
  @Injectable()
  class ReadUpload implements NestInterceptor {
    constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<UploadRequest>();
      const saved: ReceivedFile[] = [];
      const cleanup = () => Promise.all(saved.map((f) => unlink(f.path).catch(() => undefined)));
      if (req.isMultipart()) {
        try {
          req.body = await readMultipart(req, fields, limits, uploadTempDir(this.config), saved);
        } catch (err) {
          await cleanup();
          // The rest of the body is read and dropped, so the client hears the answer.
          req.raw.unpipe();
          req.raw.resume();
          throw uploadError(err, limits);
        }
      }
      if (typeof fields === 'string') req.file = saved[0];
      else req.files = saved;
      return next.handle().pipe(
        mergeMap(async (value: unknown) => {
          await cleanup();
          return value;
        }),
        catchError((err: unknown) => from(cleanup()).pipe(mergeMap(() => throwError(() => err)))),
      );
    }
  }
  return mixin(ReadUpload);
}

/** Upload requests per signed-in user per minute (RATE_LIMIT_UPLOADS), counted in PostgreSQL before a byte of the body is read. */
@Injectable()
export class UploadRateGuard implements CanActivate {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const who = req.auth?.user.id ?? `ip:${req.ip}`;
    const { isBlocked, timeToExpire } = await this.storage.increment(
      `uploads:${who}`,
      60_000,
      this.config.uploads.perMinute,
      0,
      'uploads',
    );
    if (isBlocked) {
      context
        .switchToHttp()
        .getResponse()
        .header('Retry-After', String(Math.max(1, timeToExpire)));
      throw new AppError(429, 'upload.too_many');
    }
    return true;
  }
}

/**
 * An upload route: rate-limited per user, files streamed to DATA_DIR/tmp within `limits` and removed
 * there after the answer. `field` names the single file field, `{ array }` a field with several
 * files, `{ any: true }` any file fields.
 */
export function Upload(field: FileFields, limits: Limits, text?: Type<object>) {
  const binary = { type: 'string', format: 'binary' } as const;
  const files =
    typeof field === 'string'
      ? { type: 'object', properties: { [field]: binary }, required: [field] }
      : 'array' in field
        ? { type: 'object', properties: { [field.array]: { type: 'array', items: binary, maxItems: limits.files } } }
        : { type: 'object', description: 'Files under any field names', additionalProperties: binary };
  return applyDecorators(
    UseGuards(UploadRateGuard),
    UseInterceptors(uploadInterceptor(field, limits)),
    ApiConsumes('multipart/form-data'),
    ...(text ? [ApiExtraModels(text)] : []),
    ApiBody({
      description: `At most ${limits.fileSize} bytes a file, ${limits.files} file(s)`,
      schema: text ? { allOf: [{ $ref: getSchemaPath(text) }, files] } : files,
    }),
  );
}

/** What a transaction can read and lock. */
type Reader = Pick<Db, 'select'>;

/**
 * Each member's stored bytes (UPLOAD_QUOTA_MB): research files, judge-application CVs and the
 * profile picture with its thumbnail.
 */
@Injectable()
export class UploadQuota {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadStore,
  ) {}

  /** The bytes of a stored profile picture and its thumbnail. */
  async pictureBytes(picture: string | null): Promise<number> {
    if (!picture?.startsWith('/uploads/users/')) return 0;
    const sizes = await Promise.all(
      [picture, picture.replace('/uploads/users/', '/uploads/users/thumbs/')].map((p) => this.uploads.size(p)),
    );
    return sizes[0] + sizes[1];
  }

  /**
   * Bytes the member keeps now; `withPicture: false` leaves out the picture a new one replaces. One
   * query after the other: `db` is the caller's transaction, whose one connection takes one at a time.
   */
  async used(db: Reader, user: User, withPicture = true): Promise<number> {
    const [files] = await db
      .select({ bytes: sql<string>`coalesce(sum((${research.file}->>'size')::bigint), 0)` })
      .from(research)
      .where(eq(research.userId, user.id));
    const cvs = await db
      .select({
        bytes: sql<string>`(select coalesce(sum((c->>'size')::bigint), 0) from jsonb_array_elements(${judgeApplications.certificates}) c)`,
      })
      .from(judgeApplications)
      .where(eq(judgeApplications.userId, user.id));
    const picture = withPicture ? await this.pictureBytes(user.picture) : 0;
    return Number(files.bytes) + cvs.reduce((sum, row) => sum + Number(row.bytes), 0) + picture;
  }

  /**
   * Inside the transaction that records new files: locks the member's row, so that parallel uploads
   * are counted one after the other, and refuses with 413 and a message when what the member keeps
   * plus `adding` bytes would pass the quota. Answers the member's row as locked (its current picture).
   */
  async reserve(tx: Reader, user: User, adding: number, options: { replacingPicture?: boolean } = {}): Promise<User> {
    const [locked = user] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    const used = await this.used(tx, locked, !options.replacingPicture);
    const quota = this.config.uploads.quotaBytes;
    if (used + adding > quota) {
      throw new AppError(413, 'upload.quota', { quota: Math.floor(quota / (1024 * 1024)) });
    }
    return locked;
  }
}

/** The upload routes' guard and quota; the temporary folder is made at start. */
@Global()
@Module({
  providers: [
    UploadRateGuard,
    UploadQuota,
    {
      provide: 'UPLOAD_TEMP_DIR',
      inject: [CONFIG],
      useFactory: (config: AppConfig) => {
        const dir = uploadTempDir(config);
        mkdirSync(dir, { recursive: true });
        return dir;
      },
    },
  ],
  exports: [UploadRateGuard, UploadQuota],
})
export class UploadsModule {}

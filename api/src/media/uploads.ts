import {
  applyDecorators,
  Global,
  Inject,
  Injectable,
  Module,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { AnyFilesInterceptor, FileInterceptor, FilesInterceptor, MulterModule } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { eq, sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { catchError, from, mergeMap, throwError } from 'rxjs';
import type { AuthedRequest } from '../auth/auth.guard';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { CONFIG } from '../db/db.module';
import { judgeApplications, research, users, type User } from '../db/schema';
import { UploadStore } from './upload-store';

/** Where multer streams every upload (never into memory); what a route does not move away is removed. */
export const uploadTempDir = (config: AppConfig) => join(config.dataDir, 'tmp');

/**
 * Removes the request's temporary files once the route is done, before it answers, whether it
 * succeeded or failed (what the route moved into place is no longer there to remove).
 */
@Injectable()
export class RemoveUploadedFiles implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const cleanup = () => {
      const files = [req.file, ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())];
      return Promise.all(files.map((f) => (f?.path ? unlink(f.path).catch(() => undefined) : undefined)));
    };
    return next.handle().pipe(
      mergeMap(async (value: unknown) => {
        await cleanup();
        return value;
      }),
      catchError((err: unknown) => from(cleanup()).pipe(mergeMap(() => throwError(() => err)))),
    );
  }
}

/** Upload requests per signed-in user per minute (RATE_LIMIT_UPLOADS), counted in PostgreSQL before multer reads a byte. */
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
        .setHeader('Retry-After', String(Math.max(1, timeToExpire)));
      throw new AppError(429, 'upload.too_many');
    }
    return true;
  }
}

type Limits = { fileSize: number; files: number; fields: number };

/**
 * An upload route: rate-limited per user, files streamed to DATA_DIR/tmp within `limits` and removed
 * there after the answer. `field` names the single file field, `{ array }` a field with several
 * files, `{ any: true }` any file fields.
 */
export function Upload(field: string | { array: string } | { any: true }, limits: Limits) {
  const multer =
    typeof field === 'string'
      ? FileInterceptor(field, { limits })
      : 'array' in field
        ? FilesInterceptor(field.array, limits.files, { limits })
        : AnyFilesInterceptor({ limits });
  return applyDecorators(
    UseGuards(UploadRateGuard),
    UseInterceptors(RemoveUploadedFiles, multer),
    ApiConsumes('multipart/form-data'),
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

  /** Bytes the member keeps now; `withPicture: false` leaves out the picture a new one replaces. */
  async used(db: Reader, user: User, withPicture = true): Promise<number> {
    const [[files], cvs] = await Promise.all([
      db
        .select({ bytes: sql<string>`coalesce(sum((${research.file}->>'size')::bigint), 0)` })
        .from(research)
        .where(eq(research.userId, user.id)),
      db
        .select({
          bytes: sql<string>`(select coalesce(sum((c->>'size')::bigint), 0) from jsonb_array_elements(${judgeApplications.certifcates}) c)`,
        })
        .from(judgeApplications)
        .where(eq(judgeApplications.userId, user.id)),
    ]);
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

/** Every upload route of the API streams to disk through this module's multer settings. */
@Global()
@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => {
        const dest = uploadTempDir(config);
        mkdirSync(dest, { recursive: true });
        return { dest };
      },
    }),
  ],
  providers: [UploadRateGuard, UploadQuota, RemoveUploadedFiles],
  exports: [MulterModule, UploadRateGuard, UploadQuota, RemoveUploadedFiles],
})
export class UploadsModule {}

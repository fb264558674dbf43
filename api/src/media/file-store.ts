import type * as S3 from '@aws-sdk/client-s3';
import { createReadStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig, S3Settings } from '../core/config';
import { MIME, extensionOf } from './sniff';

/** A stored file being read: its bytes as a stream, with what a download needs. */
export interface StoredObject {
  body: Readable;
  /** Bytes of the whole file. */
  size: number;
  /** Its media type, from its extension (files are named by the API, never by the uploader). */
  type: string;
  etag?: string;
  lastModified?: Date;
  /** Set when a byte range was asked for and served: `bytes start-end/size`. */
  range?: string;
}

/**
 * Bytes to store: in memory, or a file on disk the store takes over (moved or uploaded, then gone),
 * or copies and leaves in place with `keep`.
 */
export type PutSource = Buffer | { file: string; keep?: boolean };

/**
 * Where uploaded files live, by key (`uploads/users/<uuid>.jpg`, `private/research/<uuid>.pdf`):
 * the local disk under DATA_DIR, or an S3-compatible bucket. Keys are always made by the API.
 */
export abstract class FileStore {
  abstract readonly kind: 'local' | 's3';
  abstract put(key: string, source: PutSource): Promise<void>;
  /** The file as a stream, or null when there is none; `range` is an HTTP Range header (bytes=…). */
  abstract get(key: string, range?: string): Promise<StoredObject | null>;
  /** Removes a file; a missing one is not an error. */
  abstract delete(key: string): Promise<void>;
  /** The size of a file in bytes, or null when there is none. */
  abstract size(key: string): Promise<number | null>;
  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }
  /** Every key under a prefix (`uploads/`), recursively, with sizes: for the copy command and checks. */
  abstract list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

export const typeOf = (key: string) => MIME[extensionOf(key)] ?? 'application/octet-stream';

function checkKey(key: string): string {
  if (!/^[a-z]+\/[A-Za-z0-9._/-]+$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`not a storage key: ${key}`);
  }
  return key;
}

/** Files on disk under one folder (DATA_DIR): written to a temporary name and renamed, never seen half-written. */
export class LocalFileStore extends FileStore {
  readonly kind = 'local';

  constructor(readonly root: string) {
    super();
  }

  path(key: string): string {
    const full = normalize(join(this.root, checkKey(key)));
    if (!full.startsWith(this.root + sep)) throw new Error(`key escapes the storage folder: ${key}`);
    return full;
  }

  async put(key: string, source: PutSource): Promise<void> {
    const full = this.path(key);
    await mkdir(dirname(full), { recursive: true });
    if (Buffer.isBuffer(source)) {
      const temp = `${full}.${process.pid}.tmp`;
      await writeFile(temp, source);
      await rename(temp, full);
    } else if (source.keep) {
      const temp = `${full}.${process.pid}.tmp`;
      await copyFile(source.file, temp);
      await rename(temp, full);
    } else {
      // Multer's temporary folder is on the same disk: a rename, never a copy into memory.
      await rename(source.file, full);
    }
  }

  async get(key: string, range?: string): Promise<StoredObject | null> {
    const full = this.path(key);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    const type = typeOf(key);
    const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
    if (match && (match[1] || match[2]) && info.size > 0) {
      let start = match[1] ? Number(match[1]) : Math.max(0, info.size - Number(match[2]));
      let end = match[1] && match[2] ? Number(match[2]) : info.size - 1;
      end = Math.min(end, info.size - 1);
      start = Math.min(start, end);
      return {
        body: createReadStream(full, { start, end }),
        size: info.size,
        type,
        lastModified: info.mtime,
        range: `bytes ${start}-${end}/${info.size}`,
      };
    }
    return { body: createReadStream(full), size: info.size, type, lastModified: info.mtime };
  }

  async delete(key: string): Promise<void> {
    await unlink(this.path(key)).catch(() => undefined);
  }

  async size(key: string): Promise<number | null> {
    const info = await stat(this.path(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<{ key: string; size: number }> {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full, `${keyPrefix}${entry.name}/`);
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
          yield { key: `${keyPrefix}${entry.name}`, size: (await stat(full)).size };
        }
      }
    };
    const base = checkKey(`${prefix.replace(/\/+$/, '')}/x`).slice(0, -2);
    const dir = normalize(join(this.root, base));
    if (!dir.startsWith(this.root + sep)) throw new Error(`prefix escapes the storage folder: ${prefix}`);
    yield* walk(dir, `${base}/`);
  }
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket (AWS S3, MinIO, R2, …), private: the API streams them out. */
export class S3FileStore extends FileStore {
  readonly kind = 's3';
  readonly client: S3.S3Client;
  private readonly s3: typeof S3;

  constructor(readonly settings: S3Settings) {
    super();
    // The SDK is loaded only when a bucket is used (it takes a second to load).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.s3 = require('@aws-sdk/client-s3') as typeof S3;
    this.client = new this.s3.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get bucket() {
    return this.settings.bucket;
  }

  async put(key: string, source: PutSource): Promise<void> {
    checkKey(key);
    if (Buffer.isBuffer(source)) {
      await this.client.send(
        new this.s3.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: source, ContentType: typeOf(key) }),
      );
      return;
    }
    const { size } = await stat(source.file);
    await this.client.send(
      new this.s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(source.file),
        ContentLength: size,
        ContentType: typeOf(key),
      }),
    );
    if (!source.keep) await unlink(source.file).catch(() => undefined);
  }

  async get(key: string, range?: string): Promise<StoredObject | null> {
    checkKey(key);
    try {
      const validRange = range && /^bytes=\d*-\d*$/.test(range) && range !== 'bytes=-' ? range : undefined;
      const out = await this.client.send(
        new this.s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: validRange }),
      );
      const contentRange = out.ContentRange;
      const size = contentRange ? Number(contentRange.split('/')[1]) : (out.ContentLength ?? 0);
      return {
        body: out.Body as Readable,
        size,
        type: typeOf(key),
        etag: out.ETag,
        lastModified: out.LastModified,
        range: contentRange,
      };
    } catch (err) {
      if (notFound(err)) return null;
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      // A range past the end: the whole file instead, as a plain answer.
      if (status === 416 && range) return this.get(key);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new this.s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async size(key: string): Promise<number | null> {
    checkKey(key);
    try {
      const out = await this.client.send(new this.s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.s3.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The bucket when the S3 settings are given, DATA_DIR otherwise. */
export function createFileStore(config: Pick<AppConfig, 'dataDir' | 'storage'>): FileStore {
  return config.storage.s3 ? new S3FileStore(config.storage.s3) : new LocalFileStore(config.dataDir);
}

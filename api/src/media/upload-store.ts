import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { FileStore, StoredObject } from './file-store';
import type { ReceivedFile } from './uploads';

/**
 * Uploaded files by their public path (/uploads/<folder>/<uuid><ext>, what the database keeps), in
 * one area of the file store: `uploads` (served at /uploads) or `private` (only through the API's
 * checks). Names are always made here, never the uploader's.
 */
export class UploadStore {
  constructor(
    readonly files: FileStore,
    readonly area: 'uploads' | 'private' = 'uploads',
  ) {}

  /** The store's key of a public path, or null when the path is not one of ours. */
  key(publicPath: string | null | undefined): string | null {
    if (!publicPath?.startsWith('/uploads/')) return null;
    const rest = publicPath.slice('/uploads/'.length);
    if (!/^[A-Za-z0-9._/-]+$/.test(rest) || rest.split('/').some((p) => p === '..' || p === '.' || !p)) return null;
    return `${this.area}/${rest}`;
  }

  /** Saves bytes at `folder/<uuid><ext>` and returns the public path (/uploads/...). */
  async save(folder: string, ext: string, bytes: Buffer, name = `${randomUUID()}${ext}`): Promise<string> {
    const path = `/uploads/${folder}/${name}`;
    await this.files.put(this.key(path)!, bytes);
    return path;
  }

  /**
   * Stores an upload streamed to DATA_DIR/tmp at `folder/<uuid><ext>` (on the local disk a
   * rename, in a bucket a streamed upload: never the whole file in memory) and returns its public path.
   */
  async move(folder: string, ext: string, tempPath: string): Promise<string> {
    const path = `/uploads/${folder}/${randomUUID()}${ext}`;
    await this.files.put(this.key(path)!, { file: tempPath });
    return path;
  }

  /** Removes a file by its public path; a missing file is not an error. */
  async remove(publicPath: string | null | undefined): Promise<void> {
    const key = this.key(publicPath);
    if (key) await this.files.delete(key);
  }

  /** A stored file as a stream, or null. */
  async open(publicPath: string | null | undefined, range?: string): Promise<StoredObject | null> {
    const key = this.key(publicPath);
    return key ? this.files.get(key, range) : null;
  }

  /** The bytes a stored file takes, 0 when there is none. */
  async size(publicPath: string | null | undefined): Promise<number> {
    const key = this.key(publicPath);
    return key ? ((await this.files.size(key)) ?? 0) : 0;
  }
}

/** The name the uploader gave a file, as they wrote it (the multipart reader decodes it as UTF-8). */
export function uploadedName(file: Pick<ReceivedFile, 'originalname'>, max = 200): string {
  const name = file.originalname;
  // Control characters and path separators never reach a header or a listing.
  return [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || c === '/' || c === '\\' ? '_' : c))
    .join('')
    .slice(0, max);
}

/** The first bytes of a file on disk, enough to recognise what it is. */
export async function readHead(path: string, bytes = 64 * 1024): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * Files on disk under DATA_DIR/uploads, served at /uploads. Names are always made here (never the
 * uploader's), written to a temporary name and renamed, so a reader never sees half a file.
 */
export class UploadStore {
  constructor(readonly root: string) {}

  private resolve(relative: string): string {
    const full = normalize(join(this.root, relative));
    if (!full.startsWith(this.root + sep)) throw new Error(`path escapes the upload folder: ${relative}`);
    return full;
  }

  /** Saves bytes at `folder/<uuid><ext>` and returns the public path (/uploads/...). */
  async save(folder: string, ext: string, bytes: Buffer, name = `${randomUUID()}${ext}`): Promise<string> {
    const relative = `${folder}/${name}`;
    const full = this.resolve(relative);
    await mkdir(dirname(full), { recursive: true });
    const temp = `${full}.${process.pid}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, full);
    return `/uploads/${relative}`;
  }

  /**
   * Moves an upload multer streamed to DATA_DIR/tmp to `folder/<uuid><ext>` (the same disk: a rename,
   * never a copy into memory) and returns the public path (/uploads/...).
   */
  async move(folder: string, ext: string, tempPath: string): Promise<string> {
    const relative = `${folder}/${randomUUID()}${ext}`;
    const full = this.resolve(relative);
    await mkdir(dirname(full), { recursive: true });
    await rename(tempPath, full);
    return `/uploads/${relative}`;
  }

  /** Removes a file by its public path; a missing file is not an error. */
  async remove(publicPath: string | null | undefined): Promise<void> {
    if (!publicPath?.startsWith('/uploads/')) return;
    await unlink(this.resolve(publicPath.slice('/uploads/'.length))).catch(() => undefined);
  }
}

/**
 * The name the uploader gave a file, as they wrote it. Multer hands it over decoded as latin1, so
 * an Arabic name arrives garbled; the bytes are re-read as UTF-8 when they form valid UTF-8.
 */
export function uploadedName(file: Pick<Express.Multer.File, 'originalname'>, max = 200): string {
  const raw = file.originalname;
  const bytes = Buffer.from(raw, 'latin1');
  let name = raw;
  try {
    name = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    name = raw;
  }
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

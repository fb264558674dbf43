import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { sendError } from '../common/error-response';
import type { FileStore, StoredObject } from './file-store';

/** Raster pictures open in the browser; every other upload downloads as an attachment. */
export const INLINE_UPLOAD = /\.(jpe?g|png|gif|webp)$/i;

/** The headers of every public upload: never executed, never sniffed. */
export function uploadHeaders(res: Response, path: string) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!INLINE_UPLOAD.test(path)) res.setHeader('Content-Disposition', 'attachment');
}

/**
 * Streams a stored file as the answer (206 for a range), ending the socket if the store fails
 * half-way (a client never takes a cut file for a whole one).
 */
export async function sendStored(req: Request, res: Response, file: StoredObject): Promise<void> {
  res.setHeader('Content-Type', file.type);
  res.setHeader('Accept-Ranges', 'bytes');
  if (file.etag) res.setHeader('ETag', file.etag);
  if (file.lastModified) res.setHeader('Last-Modified', file.lastModified.toUTCString());
  if (file.range) {
    const [, start, end] = /bytes (\d+)-(\d+)\//.exec(file.range) ?? [];
    res.status(206).setHeader('Content-Range', file.range);
    res.setHeader('Content-Length', String(Number(end) - Number(start) + 1));
  } else {
    res.setHeader('Content-Length', String(file.size));
  }
  if (req.method === 'HEAD') {
    file.body.destroy();
    res.end();
    return;
  }
  await pipeline(file.body, res).catch(() => res.destroy());
}

/**
 * /uploads from a bucket: the same headers as the local files' static serving (nosniff, a sandbox,
 * attachment for anything but a picture, cached for 7 days), ranges for videos; what is not there
 * falls through to the API's 404.
 */
export function serveUploadsFromStore(store: FileStore): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const parts = path.split('/').slice(1);
    if (!parts.length || parts.some((p) => !p || p.startsWith('.') || !/^[A-Za-z0-9._-]+$/.test(p))) return next();
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    store.get(`uploads/${parts.join('/')}`, range).then(
      async (file) => {
        if (!file) return next();
        if (file.etag && req.headers['if-none-match'] === file.etag) {
          file.body.destroy();
          res.status(304).end();
          return;
        }
        uploadHeaders(res, path);
        res.setHeader('Cache-Control', 'public, max-age=604800');
        await sendStored(req, res, file);
      },
      () => sendError(req, res, 503, 'server.unavailable'),
    );
  };
}

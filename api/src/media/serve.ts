import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../common/error-response';
import type { FileStore, StoredObject } from './file-store';

/** Raster pictures open in the browser; every other upload downloads as an attachment. */
export const INLINE_UPLOAD = /\.(jpe?g|png|gif|webp)$/i;

/** The headers of every public upload: never executed, never sniffed. */
export function uploadHeaders(reply: FastifyReply, path: string) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (!INLINE_UPLOAD.test(path)) reply.header('Content-Disposition', 'attachment');
}

/**
 * Streams a stored file as the answer (206 for a range), ending the socket if the store fails
 * half-way (a client never takes a cut file for a whole one).
 */
export function sendStored(req: FastifyRequest, reply: FastifyReply, file: StoredObject): FastifyReply {
  reply.header('Content-Type', file.type);
  reply.header('Accept-Ranges', 'bytes');
  if (file.etag) reply.header('ETag', file.etag);
  if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
  if (file.range) {
    const [, start, end] = /bytes (\d+)-(\d+)\//.exec(file.range) ?? [];
    reply.code(206).header('Content-Range', file.range);
    reply.header('Content-Length', String(Number(end) - Number(start) + 1));
  } else {
    reply.header('Content-Length', String(file.size));
  }
  if (req.method === 'HEAD') {
    file.body.destroy();
    return reply.send();
  }
  // Fastify ends the socket when the stream fails after the headers went out.
  return reply.send(file.body);
}

/**
 * /uploads from the file store (the local disk or a bucket): nosniff, a sandbox, attachment for
 * anything but a picture, cached for 7 days, revalidated by ETag or Last-Modified, ranges for videos;
 * a path that is not one of ours, or a file that is not there, is the API's 404.
 */
export function serveUploadsFromStore(store: FileStore) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    let path: string;
    try {
      path = decodeURIComponent(req.url.split('?')[0].slice('/uploads'.length));
    } catch {
      return reply.callNotFound();
    }
    const parts = path.split('/').slice(1);
    if (!parts.length || parts.some((p) => !p || p.startsWith('.') || !/^[A-Za-z0-9._-]+$/.test(p)))
      return reply.callNotFound();
    const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
    let file: StoredObject | null;
    try {
      file = await store.get(`uploads/${parts.join('/')}`, range);
    } catch {
      return sendError(req, reply, 503, 'server.unavailable');
    }
    if (!file) return reply.callNotFound();
    const since = req.headers['if-modified-since'];
    const unchanged =
      file.etag && req.headers['if-none-match'] !== undefined
        ? req.headers['if-none-match'] === file.etag
        : !!since && !!file.lastModified && Math.floor(file.lastModified.getTime() / 1000) <= Date.parse(since) / 1000;
    if (unchanged) {
      file.body.destroy();
      return reply.code(304).send();
    }
    uploadHeaders(reply, path);
    reply.header('Cache-Control', 'public, max-age=604800');
    return sendStored(req, reply, file);
  };
}

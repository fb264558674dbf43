import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request id a client (the load balancer, the member server) may give: letters, digits and -._: only. */
const GIVEN = /^[A-Za-z0-9._:-]{8,128}$/;

type Tagged = IncomingMessage & { requestId?: string };

/**
 * The request's id: X-Request-Id when the caller sent a sensible one (HAProxy and the member server
 * do), else a new UUID; returned to the client in X-Request-Id and written on every log line of the
 * request. Decided once per request, whichever of pino-http and the Fastify hook asks first.
 */
export function requestId(req: IncomingMessage, res?: ServerResponse): string {
  const tagged = req as Tagged;
  if (!tagged.requestId) {
    const given = req.headers['x-request-id'];
    tagged.requestId = typeof given === 'string' && GIVEN.test(given) ? given : randomUUID();
  }
  if (res && !res.headersSent && !res.hasHeader('X-Request-Id')) res.setHeader('X-Request-Id', tagged.requestId);
  return tagged.requestId;
}

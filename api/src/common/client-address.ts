import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The header in which the member server names its browser's address, believed only with the secret below. */
export const CLIENT_ADDRESS_HEADER = 'x-member-client-address';
/** The member server's shared secret (MEMBER_PROXY_SECRET); redacted from the logs. */
export const PROXY_SECRET_HEADER = 'x-member-proxy-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Decides, once per request, the address the rate limits, sessions and logs use, and puts it in
 * `req.ip`: the address the member server forwards, when it comes with the shared secret; otherwise
 * Fastify's own answer, which with `trustProxy` set to TRUST_PROXY_HOPS is the socket's address or the
 * entry that many hops from the right of X-Forwarded-For, never a value the client wrote itself.
 * An `onRequest` hook.
 */
export function clientAddressHook(secret: string) {
  const expected = digest(secret);
  return (req: FastifyRequest, _reply: FastifyReply, next: HookHandlerDoneFunction) => {
    const given = req.headers[PROXY_SECRET_HEADER];
    const forwarded = req.headers[CLIENT_ADDRESS_HEADER];
    if (
      typeof given === 'string' &&
      typeof forwarded === 'string' &&
      isIP(forwarded.trim()) !== 0 &&
      timingSafeEqual(digest(given), expected)
    ) {
      Object.defineProperty(req, 'ip', { value: forwarded.trim(), configurable: true, enumerable: true });
    }
    next();
  };
}

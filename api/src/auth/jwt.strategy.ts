import { createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { cookieToken } from './staff-cookie';
import { tokenOf, type Auth, type Claims, type SessionService } from './session.service';

/** What the strategy reads of a request: its headers only, so it works the same on Express and Fastify. */
export interface TokenCarrier {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The session token of a request: `Authorization: <jwt>` or `Authorization: Bearer <jwt>` (members
 * through their site, API clients), otherwise the back-office's cookie.
 */
export function sessionToken(req: TokenCarrier): { token: string; from: 'header' | 'cookie' } | null {
  const header = req.headers.authorization;
  const fromHeader = tokenOf(typeof header === 'string' ? header : undefined);
  if (fromHeader) return { token: fromHeader, from: 'header' };
  const fromCookie = cookieToken(req);
  return fromCookie ? { token: fromCookie, from: 'cookie' } : null;
}

/**
 * The app a request reached: its sessions and signing secret. passport keeps one strategy per name
 * for the whole process, so the guard of each app (a test file may start several) hands its own to
 * the request rather than the strategy keeping the last app's.
 */
export interface SessionReader {
  sessions: SessionService;
  secret: KeyObject;
}

/**
 * The tokens' HS256 key as a KeyObject, made once: given a string, jsonwebtoken first tries it as a
 * PEM public key (a thrown error) and then wraps it, on every token it checks (6% of the API's time).
 */
export const signingKey = (secret: string): KeyObject => createSecretKey(Buffer.from(secret, 'utf8'));
const READER = Symbol('session reader');
type WithReader = TokenCarrier & { [READER]?: SessionReader };

export function bindSessionReader(req: object, reader: SessionReader) {
  (req as WithReader)[READER] = reader;
}
function readerOf(req: WithReader): SessionReader {
  const reader = req[READER];
  if (!reader) throw new Error('AuthGuard did not bind the session reader');
  return reader;
}

/**
 * passport-jwt checks the token's signature (HS256) and expiry; the token only names a session row,
 * so the row must still be live (not revoked, not expired, not idle for staff) and its account
 * active. Anything else fails the same way: the guard answers 401 "session ended" for a bad and a
 * revoked token alike.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor() {
    super({
      jwtFromRequest: (req: TokenCarrier) => sessionToken(req)?.token ?? null,
      // The key goes to jsonwebtoken's verify as it is; passport-jwt's types list only strings and buffers.
      secretOrKeyProvider: (req: WithReader, _raw: string, done: (err: unknown, secret?: Buffer) => void) =>
        done(null, readerOf(req).secret as unknown as Buffer),
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  async validate(req: WithReader, claims: Claims): Promise<Auth | false> {
    const token = sessionToken(req)?.token;
    if (!token) return false;
    return (await readerOf(req).sessions.live(claims, token)) ?? false;
  }
}

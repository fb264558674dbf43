import { isSecretName, REDACTED, redactUrl } from '@platform/contract';

/** A parsed query (or any object) with the values of secret names replaced, at any depth. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) out[name] = isSecretName(name) ? REDACTED : redactFields(v, depth + 1);
  return out;
}

/**
 * pino-http's request serializer (it receives pino's standard form of the request): the URL and query
 * without secrets. Headers are redacted by path in the logger's `redact` list.
 */
export function redactRequestLog<T extends { url?: string; query?: unknown }>(req: T): T {
  // `req` is pino's own copy of the request: changing it leaves the real request alone.
  req.url = redactUrl(req.url);
  if (req.query !== undefined) req.query = redactFields(req.query);
  return req;
}

/** Header paths redacted from request and response logs. */
export const REDACTED_HEADERS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-member-proxy-secret"]',
  'res.headers.authorization',
  'res.headers["set-cookie"]',
];

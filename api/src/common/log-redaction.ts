/** Names of query parameters and fields whose values never reach the logs (tokens, passwords, codes, keys). */
const SECRET_NAME = /token|password|secret|jwt|^(pass|code|otp|key|api_?key|authori[sz]ation|signature|sig)$/i;
export const REDACTED = '[redacted]';

/** A URL (or a path with a query) with the values of secret parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_NAME.test(name)) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** A parsed query (or any object) with the values of secret names replaced, at any depth. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => redactFields(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value))
    out[name] = SECRET_NAME.test(name) ? REDACTED : redactFields(v, depth + 1);
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

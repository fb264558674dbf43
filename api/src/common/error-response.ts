import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMessageKey, langOf, translate, type Lang, type MessageKey, type MessageParam } from './i18n';

/**
 * A field named in a message by its label in the reader's language («الحقل «الاسم» مفقود…»), never
 * by its JSON name (issue 37: no technical word in a toast); a field without a label makes the
 * message name none. The answer's `field` keeps the JSON name for forms and API clients.
 */
function named(lang: Lang, key: MessageKey, params: Record<string, MessageParam>) {
  if (key !== 'request.invalid_field') return { key, params };
  const field = String(params.field ?? '');
  const label = [`field.${field}`, `field.${field.split('.').pop()}`].find(isMessageKey);
  if (!label) return { key: 'request.invalid_field_unnamed' as const, params: {} };
  return { key, params: { ...params, field: translate(lang, label) } };
}

/**
 * The one shape of every error: a status, `e_message` header (URI-encoded) and `{ success: false, message }`,
 * with `field` when one request field is at fault.
 */
export function sendError(
  req: Pick<FastifyRequest, 'headers'>,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params: Record<string, MessageParam> = {},
  field?: string,
  details?: Record<string, unknown>,
): void {
  const lang = langOf(req.headers['accept-language']);
  const shown = named(lang, key, params);
  const message = translate(lang, shown.key, shown.params);
  if (reply.sent || reply.raw.headersSent) return;
  reply
    .code(status)
    .header('e_message', encodeURIComponent(message))
    .type('application/json; charset=utf-8')
    .send({ ...details, success: false, message, ...(field ? { field } : {}) });
}

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * Values the database refuses as data, not as a fault: a NUL character in text (22021), text that is
 * not a valid uuid, number or date (22P02, 22007, 22008), a number out of range (22003). They come
 * from what the client sent, so they answer 400, never 500.
 */
const BAD_VALUE_CODES = new Set(['22021', '22P05', '22P02', '22007', '22008', '22003']);

export function isRefusedValue(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && BAD_VALUE_CODES.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** True for errors that mean the database cannot be reached right now (a restart, an outage). */
export function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_DOWN_CODES.has(code)) return true;
    const msg = (e as { message?: unknown }).message;
    if (
      typeof msg === 'string' &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable/i.test(msg)
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The 4xx status of an error raised before a route runs (Fastify's body reading, a static file
 * refused), or undefined for anything else.
 */
export function clientErrorStatus(err: unknown): number | undefined {
  if (!err || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; statusCode?: unknown; status?: unknown; expose?: unknown };
  if (!(typeof e.code === 'string' && e.code.startsWith('FST_')) && e.expose !== true) return undefined;
  const status = typeof e.statusCode === 'number' ? e.statusCode : e.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export function statusKey(status: number): MessageKey {
  switch (status) {
    case 401:
      return 'auth.unauthorized';
    case 403:
      return 'auth.forbidden';
    case 404:
      return 'request.not_found';
    case 413:
      return 'request.too_large';
    case 429:
      return 'request.too_many';
    case 503:
      return 'server.unavailable';
    default:
      return status >= 500 ? 'server.error' : 'request.bad';
  }
}

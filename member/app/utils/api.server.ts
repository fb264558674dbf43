import { redactUrl } from '@platform/contract';
import { request as send, type Dispatcher } from 'undici';
import type { Lang } from '~/i18n';
import { env } from './env.server';

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T & { success?: boolean; message?: string; field?: string };
  /** The token from the Authorization response header (sign-in). */
  token: string | null;
}

/**
 * The browser's address, which the member server (member/server.mjs) writes into every request it
 * receives, over whatever the browser sent: its socket's address, or TRUST_PROXY_HOPS entries from the
 * right of X-Forwarded-For. Never X-Forwarded-For's leftmost value, which the browser writes itself.
 */
export const CLIENT_ADDRESS_HEADER = 'x-member-client-address';

/** The headers that tell the API who the browser is: its address, with the shared secret that makes the API believe it. */
export function clientHeaders(request: Request): Record<string, string> {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER);
  return address ? { 'X-Member-Client-Address': address, 'X-Member-Proxy-Secret': env.memberProxySecret } : {};
}

/**
 * Calls the API from the member server: the session token, the language and the browser's address
 * go along; the answer is never thrown, so each caller decides what a failure means. undici's
 * `request` rather than `fetch`: fetch's web streams, header objects and decompression cost the
 * member server about 2 ms of CPU per page; the API's answer comes uncompressed over its own network.
 */
export async function api<T = Record<string, unknown>>(
  request: Request,
  path: string,
  options: { method?: string; body?: unknown; token?: string | null; lang: Lang },
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.lang,
    ...clientHeaders(request),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = options.token;
  // The browser request's id (member/serve.mjs), so the API's log lines of this page carry it too.
  const requestId = request.headers.get('x-request-id');
  if (requestId) headers['X-Request-Id'] = requestId;
  let status: number;
  let answer: Record<string, string | string[] | undefined>;
  let text: string;
  try {
    const res = await send(`${env.apiUrl}${path}`, {
      method: (options.method ?? (options.body === undefined ? 'GET' : 'POST')) as Dispatcher.HttpMethod,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
    status = res.statusCode;
    answer = res.headers;
    text = await res.body.text();
  } catch (error) {
    // The API did not answer: one JSON line with the request's id (the page says the service is unavailable).
    console.error(
      JSON.stringify({
        level: 50,
        time: Date.now(),
        pid: process.pid,
        process: 'member',
        reqId: requestId,
        path: redactUrl(`/api${path}`),
        err: error instanceof Error ? error.message : String(error),
        msg: 'API unreachable',
      }),
    );
    return { ok: false, status: 503, data: { success: false } as ApiResult<T>['data'], token: null };
  }
  const ok = status >= 200 && status < 300;
  let data = {} as ApiResult<T>['data'];
  try {
    data = JSON.parse(text) as ApiResult<T>['data'];
  } catch {
    /* an empty or non-JSON body */
  }
  if (!data || typeof data !== 'object') data = {} as ApiResult<T>['data'];
  const header = (name: string) => {
    const value = answer[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  if (!ok && !data.message) {
    const message = header('e_message');
    if (message) data.message = decodeURIComponent(message);
  }
  return { ok, status, data, token: header('authorization') };
}

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
 * go along; the answer is never thrown, so each caller decides what a failure means.
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
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return { ok: false, status: 503, data: { success: false } as ApiResult<T>['data'], token: null };
  }
  let data = {} as ApiResult<T>['data'];
  try {
    data = (await res.json()) as ApiResult<T>['data'];
  } catch {
    /* an empty or non-JSON body */
  }
  if (!res.ok && !data.message) {
    const header = res.headers.get('e_message');
    if (header) data.message = decodeURIComponent(header);
  }
  return { ok: res.ok, status: res.status, data, token: res.headers.get('Authorization') };
}

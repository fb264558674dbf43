import { HttpError } from 'react-admin';
import { csrfToken } from '../auth/session';
import { localeStore } from '../i18n';

/**
 * A back-office call outside the data provider (uploads, downloads, replies): the session cookie,
 * its CSRF token and the language go along, and a failure rejects with the server's message, as the data provider does.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const csrf = csrfToken();
  if (csrf) headers.set('X-CSRF-Token', csrf);
  headers.set('Accept-Language', localeStore.get());
  const res = await fetch(`/api${path}`, { ...init, headers });
  if (!res.ok) {
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { message?: string } | null;
    const header = res.headers.get('e_message');
    throw new HttpError(
      body?.message ?? (header ? decodeURIComponent(header) : 'app.errors.unknown'),
      res.status,
      body,
    );
  }
  return res;
}

/** Saves a response body as a file, named as the server says (Content-Disposition) or `fallback`. */
export async function downloadResponse(res: Response, fallback: string) {
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const name = star ? decodeURIComponent(star) : (plain ?? fallback);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

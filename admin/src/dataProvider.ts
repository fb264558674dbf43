import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { csrfToken } from './auth/session';
import { localeStore } from './i18n';

/** Every back-office call carries the session cookie, its CSRF token and the language the server should answer in. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const csrf = csrfToken();
  if (csrf) headers.set('X-CSRF-Token', csrf);
  headers.set('Accept-Language', localeStore.get());
  return fetchUtils.fetchJson(url, { ...options, headers });
}

export const dataProvider = simpleRestProvider('/api/admin', httpClient);

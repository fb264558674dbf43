import { fetchUtils } from 'react-admin';
import { localeStore } from './i18n';

export const TOKEN_KEY = 'admin_token';
export const API = '/api';

export const getToken = () => localStorage.getItem(TOKEN_KEY);

/** Every call to the API: the session token and the language of messages. */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', token);
  headers.set('Accept-Language', localeStore.get());
  return fetchUtils.fetchJson(url, { ...options, headers });
}

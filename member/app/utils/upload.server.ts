import type { Lang } from '~/i18n';
import { env } from './env.server';

const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

/** Posts a multipart body to the API with the member's token; answers ok and the API's message. */
export async function forwardMultipart(
  path: string,
  body: FormData,
  token: string,
  lang: Lang,
): Promise<{ ok: boolean; message?: string }> {
  try {
    const res = await fetch(`${env.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: token, 'Accept-Language': lang },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const data = (await res.json().catch(() => ({}))) as { message?: string };
    return { ok: res.ok, message: data.message };
  } catch {
    return { ok: false };
  }
}

/** Passes a picked picture on to the API; the API checks its bytes. */
export function forwardPicture(file: File, token: string, lang: Lang): Promise<{ ok: boolean; message?: string }> {
  if (file.size > MAX_PICTURE_BYTES + 1024) return Promise.resolve({ ok: false });
  const body = new FormData();
  body.set('type', 'profile');
  body.set('file', file, file.name);
  return forwardMultipart('/profile/uploads/', body, token, lang);
}

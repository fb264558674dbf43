import type { Lang } from '~/i18n';
import { env } from './env.server';

const MAX_BYTES = 5 * 1024 * 1024;

/** Passes a picked file on to the API as multipart; the API checks its bytes. */
export async function forwardPicture(
  file: File,
  token: string,
  lang: Lang,
): Promise<{ ok: boolean; message?: string }> {
  if (file.size > MAX_BYTES + 1024) return { ok: false };
  const body = new FormData();
  body.set('type', 'profile');
  body.set('file', file, file.name);
  try {
    const res = await fetch(`${env.apiUrl}/profile/uploads/`, {
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

import { LIMITS } from '@platform/contract';
import { translate, type Lang } from '~/i18n';
import { env } from './env.server';

const MAX_RESEARCH_BYTES = 20 * 1024 * 1024;

export interface UploadResult {
  ok: boolean;
  message?: string;
}

/** Posts a multipart body to the API with the member's token; answers ok and the API's message. */
export async function forwardMultipart(path: string, body: FormData, token: string, lang: Lang): Promise<UploadResult> {
  try {
    const res = await fetch(`${env.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: token, 'Accept-Language': lang },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const data = (await res.json().catch(() => ({}))) as { message?: string };
    if (!data.message && !res.ok) {
      const header = res.headers.get('e_message');
      if (header) data.message = decodeURIComponent(header);
    }
    return { ok: res.ok, message: data.message };
  } catch {
    return { ok: false };
  }
}

const pickedFile = (form: FormData) => {
  const file = form.get('file');
  return file instanceof File && file.size > 0 ? file : null;
};

/**
 * The account page's uploads (profile picture, research), whether they come from the plain form
 * (no JavaScript) or from the upload with a progress bar. The API checks every file's bytes.
 */
export function forwardAccountUpload(
  intent: unknown,
  form: FormData,
  token: string,
  lang: Lang,
): Promise<UploadResult> {
  const file = pickedFile(form);
  if (intent === 'picture') {
    if (!file) return Promise.resolve({ ok: false, message: translate(lang, 'account.choose_picture') });
    if (file.size > LIMITS.pictureBytes)
      return Promise.resolve({ ok: false, message: translate(lang, 'account.too_large') });
    const body = new FormData();
    body.set('type', 'profile');
    body.set('file', file, file.name);
    return forwardMultipart('/profile/uploads/', body, token, lang);
  }
  if (intent === 'research-add') {
    const title = form.get('title');
    if (typeof title !== 'string' || !title.trim() || !file)
      return Promise.resolve({ ok: false, message: translate(lang, 'account.research_fields') });
    if (file.size > MAX_RESEARCH_BYTES)
      return Promise.resolve({ ok: false, message: translate(lang, 'account.too_large') });
    const body = new FormData();
    body.set('title', title);
    body.set('desc', String(form.get('desc') ?? ''));
    body.set('file', file, file.name);
    return forwardMultipart('/research', body, token, lang);
  }
  return Promise.resolve({ ok: false });
}

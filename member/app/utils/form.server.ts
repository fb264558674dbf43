import { translate } from '~/i18n';
import { getLang } from './session.server';

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Every action's body: a form. A body that is not a readable form (JSON, broken multipart, nothing)
 * answers 400 with a message in the member's language, so no malformed post reaches an action as a
 * 500. (A post another site made the browser send never gets here: the member server refuses it.)
 */
export async function readForm(request: Request): Promise<FormData> {
  const lang = await getLang(request);
  // A Response, not data(): resource routes (set-lang, the upload) answer it as it is.
  const unreadable = () => Response.json({ message: translate(lang, 'error.bad_form') }, { status: 400 });
  if (!FORM_TYPES.test(request.headers.get('content-type') ?? '')) throw unreadable();
  try {
    return await request.formData();
  } catch {
    throw unreadable();
  }
}

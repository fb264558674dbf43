import type { ActionFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { requireUser } from '~/utils/auth.server';
import { getSession, sessionStorage } from '~/utils/session.server';
import { forwardAccountUpload } from '~/utils/upload.server';
import { readForm } from '~/utils/form.server';

/**
 * The account page's uploads sent with a progress bar (UploadForm): the same work as the page's own
 * action, answered in JSON. Success leaves its toast in the session for the revalidated page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { token, lang } = await requireUser(request, ['student', 'coach', 'entity']);
  const result = await forwardAccountUpload(form.get('intent'), form, token, lang);
  if (!result.ok)
    return Response.json({ ok: false, message: result.message ?? translate(lang, 'account.failed') }, { status: 400 });
  const session = await getSession(request);
  session.flash('toast', { type: 'success', text: result.message ?? translate(lang, 'account.updated') });
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

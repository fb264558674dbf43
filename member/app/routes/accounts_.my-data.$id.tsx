import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { requireUser } from '~/utils/auth.server';
import { env } from '~/utils/env.server';
import { flashHeaders } from '~/utils/session.server';

/**
 * Downloads the member's ready copy of their data (a ZIP the API sends once); when it is gone (already
 * downloaded or expired) the settings tab says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request, ['student', 'coach', 'entity']);
  const id = params.id ?? '';
  const back = async () =>
    redirect('/accounts?tab=settings', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, 'account.export_missing') }),
    });
  if (!/^[0-9a-f-]{36}$/.test(id)) return back();
  // A time limit on the answer's start only: the archive itself may take long on a slow phone.
  const started = new AbortController();
  const timer = setTimeout(() => started.abort(), 30_000);
  const file = await fetch(`${env.apiUrl}/privacy/export/${id}`, {
    headers: { Authorization: token, 'Accept-Language': lang },
    signal: started.signal,
  })
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  if (!file?.ok || !file.body) return back();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': file.headers.get('Content-Disposition') ?? 'attachment; filename="my-data.zip"',
      'Cache-Control': 'private, no-store',
    },
  });
}

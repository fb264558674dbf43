import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { requireUser } from '~/utils/auth.server';
import { env } from '~/utils/env.server';
import { flashHeaders } from '~/utils/session.server';

/**
 * Downloads one of the member's certificates as a PDF (issue 33), in ?lang=ar|en or the member's
 * language: the API draws it for its holder only, and the file is passed through. A failure goes back
 * to the certificates tab with a message.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request);
  const wanted = new URL(request.url).searchParams.get('lang');
  const back = async () =>
    redirect('/accounts?tab=certificates', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, 'certificate.missing') }),
    });
  const id = params.id ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) return back();
  const query = wanted === 'ar' || wanted === 'en' ? `?lang=${wanted}` : '';
  const file = await fetch(`${env.apiUrl}/certificates/${id}/pdf${query}`, {
    headers: { Authorization: token },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!file?.ok || !file.body) return back();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': file.headers.get('Content-Disposition') ?? `attachment; filename="certificate-${id}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { requireUser } from '~/utils/auth.server';
import { env } from '~/utils/env.server';
import { flashHeaders } from '~/utils/session.server';
import { passXml } from '~/utils/einvoice.server';

/**
 * Downloads the credit note of a refund of one of the member's orders: the API makes the PDF (named
 * by its number, CN-2026-000001) and it is passed through. Another member's refund, or none, goes
 * back to the tab with 'The credit note was not found.'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request, ['coach', 'entity']);
  const back = async () =>
    redirect('/accounts?tab=subscriptions', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, 'billing.credit_note_missing') }),
    });
  if (!/^[0-9a-f-]{36}$/i.test(params.refundId ?? '')) return back();
  if (new URL(request.url).searchParams.get('format') === 'xml')
    return passXml(request, `${env.apiUrl}/subcripe/credit-note/${params.refundId}?format=xml`, token, lang);
  const file = await fetch(`${env.apiUrl}/subcripe/credit-note/${params.refundId}`, {
    headers: { Authorization: token, 'Accept-Language': lang },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!file?.ok || !file.body) return back();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': file.headers.get('Content-Disposition') ?? 'attachment; filename="credit-note.pdf"',
      'Cache-Control': 'private, no-store',
    },
  });
}

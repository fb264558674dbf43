import { redirect } from '@remix-run/node';
import { translate, type Lang } from '~/i18n';
import { flashHeaders } from './session.server';

/**
 * Passes a document's ZATCA e-invoice (UBL XML, `?format=xml` on the API's download) through to the
 * member; when the API has none yet (or a standard invoice is not cleared yet), back to the billing
 * tab with the reason.
 */
export async function passXml(request: Request, url: string, token: string, lang: Lang) {
  const file = await fetch(url, {
    headers: { Authorization: token, 'Accept-Language': lang },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!file?.ok || !file.body)
    return redirect('/accounts?tab=subscriptions', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, 'billing.einvoice_missing') }),
    });
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': file.headers.get('Content-Disposition') ?? 'attachment; filename="e-invoice.xml"',
      'Cache-Control': 'private, no-store',
    },
  });
}

import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { translate } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { env } from '~/utils/env.server';
import { flashHeaders } from '~/utils/session.server';
import { passXml } from '~/utils/einvoice.server';

/**
 * Downloads the invoice of one of the member's paid orders (spec §7 subcripe/genrate): the API makes
 * it, then the PDF (or with ?format=xml its ZATCA e-invoice) is passed through, named by the order id. A failure goes back to the tab with 'The invoice was not found.'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request, ['coach', 'entity']);
  const xml = new URL(request.url).searchParams.get('format') === 'xml';
  const back = async () =>
    redirect('/accounts?tab=subscriptions', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, 'billing.invoice_missing') }),
    });
  const made = await api<{ invoice_path: string }>(request, '/subcripe/genrate/', {
    token,
    lang,
    body: { order_id: params.orderId },
  });
  if (!made.ok || !made.data.invoice_path?.startsWith('/api/subcripe/invoice/')) return back();
  if (xml)
    return passXml(request, `${env.apiUrl}${made.data.invoice_path.slice('/api'.length)}?format=xml`, token, lang);
  const file = await fetch(`${env.apiUrl}${made.data.invoice_path.slice('/api'.length)}`, {
    headers: { Authorization: token },
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!file?.ok || !file.body) return back();
  return new Response(file.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': file.headers.get('Content-Disposition') ?? `attachment; filename="${params.orderId}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

import { formatMoney } from '@platform/contract';
import type { CheckedOrder } from '@platform/contract';
import { redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ButtonLink } from '~/ui/Button';
import { Card, CardBody } from '~/ui/Card';
import { Fragment, type ReactNode } from 'react';
import { translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { formatDay, localized } from '~/utils/posts';
import { withSite } from '~/utils/seo';

/**
 * The receipt of a paid order (the spec's thank-you route), where a paid return lands. The API is
 * asked about the order (the browser's word is never taken): not paid yet goes to the waiting page,
 * refused or unknown to the not-found page saying why.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request, ['coach', 'entity']);
  const res = await api<{ order: CheckedOrder }>(request, '/telr/', {
    token,
    lang,
    body: { order_id: params.orderId },
  });
  if (res.status === 404 || res.status === 400) throw redirect('/404/not-found/');
  const status = res.ok ? res.data.order.payment_status : 'Pending';
  if (status === 'Pending') throw redirect(`/payment/telr?order_id=${encodeURIComponent(params.orderId ?? '')}`);
  if (status !== 'Paid') throw redirect(`/404/not-found/?payment=${encodeURIComponent(status.toLowerCase())}`);
  return { order: res.data.order };
}

// A receipt is the member's own: never kept by a shared cache, and a back button asks again.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'receipt.title')} · ${translate(lang, 'brand')}` }]);
};

export default function Receipt() {
  const { order } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const money = (amount: string | number) => formatMoney(amount, order.currency, lang);
  const vat = Number(order.vat.amount);
  const rows: [string, ReactNode][] = [
    // The tax invoice's number (INV-…), as on the PDF and in the billing tab.
    ...(order.invoice_number
      ? ([
          [
            t('receipt.invoice'),
            <bdi key="i" dir="ltr" data-testid="receipt-invoice">
              {order.invoice_number}
            </bdi>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      t('receipt.order'),
      <bdi key="o" dir="ltr">
        {order._id}
      </bdi>,
    ],
    [t('receipt.paid_on'), formatDay(order.created_at, lang)],
    [t('receipt.plan'), order.plan ? localized(lang, order.plan.name, order.plan.name_en) : '—'],
    [
      t('receipt.period'),
      order.period_start && order.period_end
        ? `${formatDay(order.period_start, lang)} – ${formatDay(order.period_end, lang)}`
        : '—',
    ],
    ...(vat > 0
      ? ([
          [
            t('receipt.before_vat'),
            <bdi key="b" dir="ltr">
              {money(Number(order.total_amount) - vat)}
            </bdi>,
          ],
          [
            t('receipt.vat', { percent: order.vat.percent }),
            <bdi key="v" dir="ltr">
              {money(vat)}
            </bdi>,
          ],
        ] as [string, ReactNode][])
      : []),
    [
      t('receipt.amount'),
      <bdi key="a" dir="ltr">
        {money(order.total_amount)}
      </bdi>,
    ],
  ];
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h5 gutter">{t('receipt.title')}</h1>
          <p className="muted mb-2">{t('receipt.text')}</p>
          <dl data-testid="receipt" className="receipt">
            {rows.map(([label, value]) => (
              <Fragment key={label}>
                <dt className="muted">{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <div className="receipt-actions mt-3">
            <ButtonLink variant="contained" href={`/accounts/invoice/${order._id}`} download={`${order._id}.pdf`}>
              {t('receipt.download')}
            </ButtonLink>
            <ButtonLink to="/">{t('receipt.home')}</ButtonLink>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

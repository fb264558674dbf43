import type { PaymentCheck } from '@platform/contract';
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { buttonClass, ButtonLink } from '~/ui/Button';
import { translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { flashHeaders } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * The provider sends the browser back here with ?order_id= (spec §4 "Payment"). The API asks the
 * provider; the browser's word is never taken. Paid and valid: the receipt (/thanksyou/{id}) with the paid message;
 * paid but not valid: /404/error/; not paid: /404/not-found/ saying why; still pending: wait here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get('order_id');
  if (!orderId) throw redirect('/');
  const { token, lang } = await requireUser(request, ['student', 'coach', 'entity']);
  const call = <T,>(path: string, init: { method?: string; body?: unknown } = {}) =>
    api<T>(request, path, { token, lang, ...init });
  const record = await call<{ season: { _id: string; ref: string } }>(
    `/seasons/?order_id=${encodeURIComponent(orderId)}`,
  );
  const season = record.ok ? record.data.season : null;
  const res = await call<PaymentCheck>('/telr/', { body: { ref: season?.ref, order_id: orderId } });
  if (res.status === 404) throw redirect('/404/not-found/');
  if (!res.ok) return { orderId, unavailable: true, held: false };
  const forget = () => (season ? call(`/seasons/?id=${season._id}`, { method: 'DELETE' }) : null);
  const status = res.data.order.payment_status;
  if (status === 'Paid' && res.data.order.order_type === 'team_fee') {
    await forget();
    throw redirect('/teams/register', {
      headers: await flashHeaders(request, { type: 'success', text: translate(lang, 'payment.paid') }),
    });
  }
  // A school's order for several teams: back to its teams' fees, where the paid ones are gone.
  if (status === 'Paid' && res.data.order.order_type === 'team_fees') {
    await forget();
    throw redirect('/school/team-fees', {
      headers: await flashHeaders(request, { type: 'success', text: translate(lang, 'payment.paid') }),
    });
  }
  if (status === 'Paid') {
    const { subcription, start_date, end_date } = res.data.user;
    if (!subcription || !start_date || !end_date || start_date > end_date) throw redirect('/404/error/');
    await forget();
    // The receipt: plan, period, amount, VAT and the invoice.
    throw redirect(`/thanksyou/${encodeURIComponent(orderId)}`, {
      headers: await flashHeaders(request, { type: 'success', text: translate(lang, 'payment.paid') }),
    });
  }
  // Still waiting, or authorised and held by the provider until captured or voided: wait here.
  if (status === 'Pending' || status === 'On hold') return { orderId, unavailable: false, held: status === 'On hold' };
  await forget();
  const reason = status.toLowerCase();
  // A team fee that did not go through: back to the team, saying why (plan payments keep the spec's page).
  if (res.data.order.order_type === 'team_fees') {
    const word = reason === 'cancelled' || reason === 'expired' ? reason : 'declined';
    throw redirect('/school/team-fees', {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, `payment.${word}`) }),
    });
  }
  if (res.data.order.order_type === 'team_fee') {
    const word = reason === 'cancelled' || reason === 'expired' ? reason : 'declined';
    throw redirect(`/teams/register${res.data.order.team_id ? `#team-${res.data.order.team_id}` : ''}`, {
      headers: await flashHeaders(request, { type: 'error', text: translate(lang, `payment.${word}`) }),
    });
  }
  throw redirect(`/404/not-found/?payment=${encodeURIComponent(reason)}`);
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'payment.pending_title')} · ${translate(lang, 'brand')}` }]);
};

export default function PaymentReturn() {
  const { orderId, unavailable, held } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container container-sm page-tall t-center">
      <h1 className="t-h5 gutter">{held ? t('payment.held_title') : t('payment.pending_title')}</h1>
      <p className="muted">
        {unavailable ? t('plans.failed') : held ? t('payment.held_text') : t('payment.pending_text')}
      </p>
      <div className="row row-center gap-2 mt-3">
        <Link
          to={`/payment/telr?order_id=${encodeURIComponent(orderId)}`}
          reloadDocument
          className={buttonClass({ variant: 'contained' })}
        >
          {t('payment.check_again')}
        </Link>
        <ButtonLink to="/accounts?tab=subscriptions">{t('account.tabs.subscriptions')}</ButtonLink>
      </div>
    </div>
  );
}

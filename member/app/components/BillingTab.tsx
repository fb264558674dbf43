import { formatMoney } from '@platform/contract';
import { Fragment, type ReactNode } from 'react';
import type { BillingOrder } from '@platform/contract';
import { useT, type Lang } from '~/i18n';
import { formatDay, localized } from '~/utils/posts';
import { ButtonLink } from '~/ui/Button';
import { Card, CardBody } from '~/ui/Card';
import { cx } from '~/ui/cx';

// The table from the small breakpoint up; on a phone each order is a card, nothing off-screen.

const COLOR = {
  Paid: 'chip-success',
  Pending: 'chip-warning',
  Declined: 'chip-error',
  Failed: 'chip-error',
  Refunded: 'chip-warning',
} as const;

/** A status as a chip whose word is never cut (long Arabic words wrap inside it). */
function StatusChip({ status }: { status: BillingOrder['payment_status'] }) {
  const { t } = useT();
  return (
    <span className={cx('chip chip-small chip-wrap', COLOR[status as keyof typeof COLOR])}>
      {t(`billing.status_word.${status}`)}
    </span>
  );
}

/** An order's period; on a narrow table it breaks at the dash, never inside a day. */
const period = (o: BillingOrder, lang: Lang) =>
  o.period_start && o.period_end ? (
    <>
      <span className="nowrap">{formatDay(o.period_start, lang)}</span> –{' '}
      <span className="nowrap">{formatDay(o.period_end, lang)}</span>
    </>
  ) : (
    '—'
  );

function Invoice({ order }: { order: BillingOrder }) {
  const { t } = useT();
  return order.invoice_number ? (
    <a
      href={`/accounts/invoice/${order._id}`}
      download={`${order.invoice_number}.pdf`}
      aria-label={t('billing.download_invoice', { number: order.invoice_number })}
    >
      {t('billing.download')}
    </a>
  ) : (
    <>—</>
  );
}

/**
 * The e-invoice (UBL XML, ZATCA Phase 2) of an order's invoice, beside its PDF: only when the API says
 * the invoice has one to download now (`e_invoice`), never a link that answers "not available".
 */
function InvoiceXml({ order }: { order: BillingOrder }) {
  const { t } = useT();
  return order.invoice_number && order.e_invoice ? (
    <a
      href={`/accounts/invoice/${order._id}?format=xml`}
      download={`${order.invoice_number}.xml`}
      aria-label={t('billing.download_invoice_xml', { number: order.invoice_number })}
    >
      {t('billing.xml')}
    </a>
  ) : (
    <>—</>
  );
}

/** The refunds of an order: amount, day and the credit note to download, one per line. */
function Refunds({ order }: { order: BillingOrder }) {
  const { t, lang } = useT();
  if (order.refunds.length === 0) return null;
  const money = (amount: string) => formatMoney(amount, order.currency, lang);
  return (
    <ul className="plain-list" data-testid="refunds">
      {order.refunds.map((r) => (
        <li className="t-body2" key={r._id} data-refund={r._id}>
          {t('billing.refund_line', { date: formatDay(r.created_at, lang) })} <bdi dir="ltr">{money(r.amount)}</bdi>
          {' · '}
          <a
            href={`/accounts/credit-note/${r._id}`}
            download={`${r.credit_note_number}.pdf`}
            aria-label={t('billing.download_credit_note', { number: r.credit_note_number })}
          >
            {t('billing.credit_note')}{' '}
            <bdi dir="ltr" className="nowrap">
              {r.credit_note_number}
            </bdi>
          </a>
          {r.e_invoice && (
            <>
              {' · '}
              <a
                href={`/accounts/credit-note/${r._id}?format=xml`}
                download={`${r.credit_note_number}.xml`}
                aria-label={t('billing.download_credit_note_xml', { number: r.credit_note_number })}
              >
                {t('billing.xml')}
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One order on a phone: every field as a labelled line. */
function OrderCard({ order, money }: { order: BillingOrder; money: (o: BillingOrder) => string }) {
  const { t, lang } = useT();
  const rows: [string, ReactNode][] = [
    [t('billing.date'), <bdi key="d">{formatDay(order.created_at, lang)}</bdi>],
    [t('billing.plan'), order.plan ? localized(lang, order.plan.name, order.plan.name_en) : '—'],
    [
      t('billing.amount'),
      <bdi key="a" dir="ltr">
        {money(order)}
      </bdi>,
    ],
    [t('billing.status'), <StatusChip key="s" status={order.payment_status} />],
    [t('billing.period'), <bdi key="p">{period(order, lang)}</bdi>],
    [
      t('billing.invoice'),
      <span key="i">
        <Invoice order={order} />
        {order.e_invoice && (
          <>
            {' · '}
            <InvoiceXml order={order} />
          </>
        )}
      </span>,
    ],
    ...(order.refunds.length ? [[t('billing.refunds'), <Refunds key="r" order={order} />] as [string, ReactNode]] : []),
  ];
  return (
    <Card variant="outlined" as="li" data-order={order._id}>
      <CardBody className="order-card">
        <dl className="order-lines">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="t-body2 muted">{label}</dt>
              <dd className="t-body2">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

/** The Subscriptions tab: the member's orders and their invoices; a table on wide screens, cards on a phone. */
export function BillingTab({ orders }: { orders: BillingOrder[] }) {
  const { t, lang } = useT();
  const money = (o: BillingOrder) => formatMoney(o.total_amount, o.currency, lang);
  return (
    <>
      <ButtonLink to="/subcription/package" variant="outlined" className="mb-2">
        {t('billing.buy')}
      </ButtonLink>
      {orders.length === 0 ? (
        <p className="muted">{t('account.subscriptions_empty')}</p>
      ) : (
        <>
          <ul
            aria-label={t('billing.caption')}
            data-testid="billing-cards"
            className="plain-list stack gap-2 phone-only"
          >
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} money={money} />
            ))}
          </ul>
          <div className="wide-only table-scroll">
            <table className="table" aria-label={t('billing.caption')}>
              <thead>
                <tr>
                  <th>{t('billing.date')}</th>
                  <th>{t('billing.plan')}</th>
                  <th>{t('billing.amount')}</th>
                  <th>{t('billing.status')}</th>
                  <th>{t('billing.period')}</th>
                  <th>{t('billing.invoice')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <Fragment key={o._id}>
                    <tr data-order={o._id}>
                      <td className="nowrap">
                        <bdi>{formatDay(o.created_at, lang)}</bdi>
                      </td>
                      <td>{o.plan ? localized(lang, o.plan.name, o.plan.name_en) : '—'}</td>
                      <td className="nowrap">
                        <bdi dir="ltr">{money(o)}</bdi>
                      </td>
                      <td>
                        <StatusChip status={o.payment_status} />
                      </td>
                      <td>
                        <bdi>{period(o, lang)}</bdi>
                      </td>
                      <td className="nowrap">
                        <Invoice order={o} />
                        {o.e_invoice && (
                          <>
                            {' · '}
                            <InvoiceXml order={o} />
                          </>
                        )}
                      </td>
                    </tr>
                    {o.refunds.length > 0 && (
                      <tr data-refunds-of={o._id}>
                        <th scope="row" className="muted">
                          {t('billing.refunds')}
                        </th>
                        <td colSpan={5}>
                          <Refunds order={o} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

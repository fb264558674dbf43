import { formatMoney } from '@platform/contract';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link } from '@remix-run/react';
import { Fragment, type ReactNode } from 'react';
import type { BillingOrder } from '@platform/contract';
import { useT, type Lang } from '~/i18n';
import { formatDay, localized } from '~/utils/posts';

/** The table from the small breakpoint up; on a phone each order is a card, nothing off-screen. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'block' } } as const;
const PHONE_ONLY = { display: { xs: 'flex', sm: 'none' } } as const;

const COLOR = { Paid: 'success', Pending: 'warning', Declined: 'error', Failed: 'error', Refunded: 'warning' } as const;

/** A status as a chip whose word is never cut (long Arabic words wrap inside it). */
function StatusChip({ status }: { status: BillingOrder['payment_status'] }) {
  const { t } = useT();
  return (
    <Chip
      size="small"
      color={COLOR[status as keyof typeof COLOR] ?? 'default'}
      label={t(`billing.status_word.${status}`)}
      sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

const period = (o: BillingOrder, lang: Lang) =>
  o.period_start && o.period_end ? `${formatDay(o.period_start, lang)} – ${formatDay(o.period_end, lang)}` : '—';

function Invoice({ order }: { order: BillingOrder }) {
  const { t } = useT();
  return order.invoice_number ? (
    <MuiLink
      href={`/accounts/invoice/${order._id}`}
      download={`${order.invoice_number}.pdf`}
      aria-label={t('billing.download_invoice', { number: order.invoice_number })}
    >
      {t('billing.download')}
    </MuiLink>
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
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="refunds">
      {order.refunds.map((r) => (
        <Typography component="li" variant="body2" key={r._id} data-refund={r._id}>
          {t('billing.refund_line', { date: formatDay(r.created_at, lang) })} <bdi dir="ltr">{money(r.amount)}</bdi>
          {' · '}
          <MuiLink
            href={`/accounts/credit-note/${r._id}`}
            download={`${r.credit_note_number}.pdf`}
            aria-label={t('billing.download_credit_note', { number: r.credit_note_number })}
          >
            {t('billing.credit_note')}{' '}
            <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
              {r.credit_note_number}
            </Box>
          </MuiLink>
        </Typography>
      ))}
    </Box>
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
    [t('billing.invoice'), <Invoice key="i" order={order} />],
    ...(order.refunds.length ? [[t('billing.refunds'), <Refunds key="r" order={order} />] as [string, ReactNode]] : []),
  ];
  return (
    <Card variant="outlined" component="li" data-order={order._id}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** The Subscriptions tab: the member's orders and their invoices; a table on wide screens, cards on a phone. */
export function BillingTab({ orders }: { orders: BillingOrder[] }) {
  const { t, lang } = useT();
  const money = (o: BillingOrder) => formatMoney(o.total_amount, o.currency, lang);
  return (
    <>
      <Button component={Link} to="/subcription/package" variant="outlined" sx={{ mb: 2 }}>
        {t('billing.buy')}
      </Button>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{t('account.subscriptions_empty')}</Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={t('billing.caption')}
            data-testid="billing-cards"
            sx={{ ...PHONE_ONLY, flexDirection: 'column', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
          >
            {orders.map((o) => (
              <OrderCard key={o._id} order={o} money={money} />
            ))}
          </Box>
          <TableContainer sx={WIDE_ONLY}>
            <Table size="small" aria-label={t('billing.caption')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('billing.date')}</TableCell>
                  <TableCell>{t('billing.plan')}</TableCell>
                  <TableCell>{t('billing.amount')}</TableCell>
                  <TableCell>{t('billing.status')}</TableCell>
                  <TableCell>{t('billing.period')}</TableCell>
                  <TableCell>{t('billing.invoice')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.map((o) => (
                  <Fragment key={o._id}>
                    <TableRow data-order={o._id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <bdi>{formatDay(o.created_at, lang)}</bdi>
                      </TableCell>
                      <TableCell>{o.plan ? localized(lang, o.plan.name, o.plan.name_en) : '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <bdi dir="ltr">{money(o)}</bdi>
                      </TableCell>
                      <TableCell>
                        <StatusChip status={o.payment_status} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <bdi>{period(o, lang)}</bdi>
                      </TableCell>
                      <TableCell>
                        <Invoice order={o} />
                      </TableCell>
                    </TableRow>
                    {o.refunds.length > 0 && (
                      <TableRow data-refunds-of={o._id}>
                        <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                          {t('billing.refunds')}
                        </TableCell>
                        <TableCell colSpan={5}>
                          <Refunds order={o} />
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </>
  );
}

import {
  Button,
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
import { useT } from '~/i18n';
import { formatDay, localized } from '~/utils/posts';

export interface BillingOrder {
  _id: string;
  payment_status: 'Paid' | 'Pending' | 'Declined' | 'Cancelled' | 'Expired' | 'Failed' | 'Refunded';
  currency: string;
  total_amount: string;
  plan: { name: string; name_en: string } | null;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
}

/** On a phone the period is left out so the invoice link stays in view. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

const COLOR = { Paid: 'success', Pending: 'warning', Declined: 'error', Failed: 'error' } as const;

/** The Subscriptions tab: the member's orders (the spec's Successed is shown as Paid) and their invoices. */
export function BillingTab({ orders }: { orders: BillingOrder[] }) {
  const { t, lang } = useT();
  const money = (o: BillingOrder) =>
    new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', {
      style: 'currency',
      currency: o.currency,
    }).format(Number(o.total_amount));
  return (
    <>
      <Button component={Link} to="/subcription/package" variant="outlined" sx={{ mb: 2 }}>
        {t('billing.buy')}
      </Button>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{t('account.subscriptions_empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('billing.caption')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('billing.date')}</TableCell>
                <TableCell>{t('billing.plan')}</TableCell>
                <TableCell>{t('billing.amount')}</TableCell>
                <TableCell>{t('billing.status')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('billing.period')}</TableCell>
                <TableCell>{t('billing.invoice')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <TableRow key={o._id} data-order={o._id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(o.created_at, lang)}</TableCell>
                  <TableCell>{o.plan ? localized(lang, o.plan.name, o.plan.name_en) : '—'}</TableCell>
                  <TableCell dir="ltr" sx={{ textAlign: 'start', whiteSpace: 'nowrap' }}>
                    {money(o)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={COLOR[o.payment_status as keyof typeof COLOR] ?? 'default'}
                      label={t(`billing.status_word.${o.payment_status}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, textAlign: 'start' }}>
                    {o.period_start && o.period_end
                      ? `${formatDay(o.period_start, lang)} – ${formatDay(o.period_end, lang)}`
                      : '—'}
                  </TableCell>
                  <TableCell>
                    {o.payment_status === 'Paid' ? (
                      <MuiLink href={`/accounts/invoice/${o._id}`} download={`${o._id}.pdf`}>
                        {t('billing.download')}
                      </MuiLink>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

import { ORDER_STATUSES, formatDate, formatMoney, type OrderDetail, type OrderRecord } from '@platform/contract';
import {
  Box,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  DataTable,
  Link,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useCreatePath,
  useGetOne,
  useLocaleState,
  useRefresh,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { BilingualName, LocalDateField, LtrField, MoneyField } from '../common/fields';
import { ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { FinanceExportButton } from './FinanceExportButton';
import { RefundDialog } from './RefundDialog';
import { EinvoiceRows } from '../einvoices/fields';

const STATUS_COLOR: Record<string, 'success' | 'error' | 'warning' | 'default'> = {
  paid: 'success',
  declined: 'error',
  failed: 'error',
  refunded: 'warning',
  pending: 'warning',
};

function StatusChip(props: { label?: string; record?: OrderRecord }) {
  const record = useRecordContext<OrderRecord>(props);
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[record.payment_status] ?? 'default'}
      label={translate(`app.payment_status.${record.payment_status}`, { _: record.payment_status })}
    />
  );
}

/** The customer's name, a link to the member's page while the account exists. */
function MemberLink(_props: { label?: string }) {
  const record = useRecordContext<OrderRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  if (record.user === 'DELETED') return <span>{record.customer_name}</span>;
  return (
    <Link
      to={createPath({ resource: 'users', id: record.user._id, type: 'show' })}
      onClick={(e: MouseEvent) => e.stopPropagation()}
    >
      {record.customer_name}
    </Link>
  );
}

/** The kind of order in the interface language (subscription, renewal, team fee). */
function OrderTypeField(props: { label?: string; record?: OrderRecord }) {
  const record = useRecordContext<OrderRecord>(props);
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(`app.order_type.${record.order_type}`, { _: record.order_type })}</span>;
}

/**
 * How an order was paid, as the payment provider names it: known words translated ("card" /
 * "بطاقة"), a brand or anything else as the provider wrote it.
 */
export function PaymentMethodField(props: { label?: string; record?: OrderRecord }) {
  const record = useRecordContext<OrderRecord>(props);
  const translate = useTranslate();
  if (!record?.payment_method) return <span>—</span>;
  const key = record.payment_method.trim().toLowerCase().replace(/\s+/g, '_');
  return <bdi>{translate(`app.payment_method.${key}`, { _: record.payment_method })}</bdi>;
}

function PlanName(props: { label?: string; record?: OrderRecord }) {
  const record = useRecordContext<OrderRecord>(props);
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const item = record?.items[0];
  if (!item) return null;
  if (item.name === 'DELETED') return <span>{translate('app.deleted')}</span>;
  return <span>{locale === 'ar' ? item.name_ar : item.name}</span>;
}

/** Raw payment data as labelled rows (nested objects indented), not a JSON blob. */
function PaymentData({ data, depth = 0 }: { data: unknown; depth?: number }) {
  if (data === null || typeof data !== 'object') return <bdi dir="ltr">{String(data ?? '—')}</bdi>;
  return (
    <Table size="small" sx={{ ml: depth ? 1 : 0, '& th': { overflowWrap: 'normal' } }}>
      <TableBody>
        {Object.entries(data as Record<string, unknown>).map(([k, v]) => (
          <TableRow key={k}>
            <TableCell component="th" sx={{ fontWeight: 500, width: '35%', verticalAlign: 'top' }}>
              <bdi dir="ltr">{k}</bdi>
            </TableCell>
            <TableCell>
              <PaymentData data={v} depth={depth + 1} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A school's order for several teams: each team, its fee, and whether it was given back. */
function LineRows({ detail }: { detail: OrderDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="ul" data-testid="order-lines" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {detail.lines.map((l) => (
        <Box component="li" key={`${l.team_no}-${l.team_id}`} sx={{ py: 0.25 }}>
          <bdi dir="ltr">{l.team_no}</bdi> · {locale === 'ar' ? l.name : l.name_en || l.name} ·{' '}
          <bdi>{formatMoney(l.amount, detail.currency, locale)}</bdi>
          {l.refunded ? ` · ${translate('app.order.line_refunded')}` : ''}
        </Box>
      ))}
    </Box>
  );
}

/** The refunds of an order with their credit notes, and who made them. */
function RefundRows({ detail }: { detail: OrderDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (detail.refunds.length === 0) return <>{translate('app.order.no_refunds')}</>;
  return (
    <Box component="ul" data-testid="order-refunds" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {detail.refunds.map((r) => (
        <Box component="li" key={r.id} sx={{ py: 0.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            <bdi>{formatMoney(r.amount, detail.currency, locale)}</bdi> ·{' '}
            {r.status === 'settled' ? (
              <>
                {translate('app.order.credit_note')}{' '}
                <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
                  {r.credit_note_number}
                </Box>
              </>
            ) : (
              <Box
                component="span"
                data-testid="refund-state"
                sx={{ color: r.status === 'failed' ? 'error.main' : 'warning.main' }}
              >
                {translate(`app.order.refund_${r.status}`)}
              </Box>
            )}
          </Typography>
          <Typography variant="body2">{r.reason}</Typography>
          {r.failure_reason ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.order.provider_said')} <bdi dir="ltr">{r.failure_reason}</bdi>
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {formatDate(r.created_at, locale, 'time')} · {translate('app.order.refund_by', { name: r.by })}
            {r.ended_subscription ? ` · ${translate('app.order.ended')}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function OrderDialog({ order, onClose }: { order: OrderRecord; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const { data: fetched, refetch } = useGetOne<OrderDetail>('transections', { id: order.id });
  // react-admin first answers getOne from the list's cache: the detail is there once its refunds are.
  const detail = fetched && Array.isArray(fetched.refunds) ? fetched : undefined;
  const [refunding, setRefunding] = useState(false);
  const current = detail ?? order;
  const user = order.user === 'DELETED' ? null : order.user;
  const rows: [string, React.ReactNode][] = [
    ['app.order.id', <bdi dir="ltr">{order.id}</bdi>],
    ['app.order.user', user ? user.name : translate('app.deleted')],
    ['app.order.email', <bdi dir="ltr">{user?.email ?? order.customer_email ?? '—'}</bdi>],
    [
      'app.order.national_id',
      // A school has no national ID (its column holds zeros): nothing to show.
      user ? (
        <bdi dir="ltr">{user.national_id && !/^0+$/.test(user.national_id) ? user.national_id : '—'}</bdi>
      ) : (
        translate('app.deleted')
      ),
    ],
    [
      'app.order.plan',
      order.items[0]?.name === 'DELETED'
        ? translate('app.deleted')
        : locale === 'ar'
          ? order.items[0]?.name_ar
          : order.items[0]?.name,
    ],
    ['app.order.total', <bdi>{formatMoney(order.total_amount, order.currency, locale)}</bdi>],
    ['app.order.reference', <bdi dir="ltr">{order.trx_reference ?? '—'}</bdi>],
    ['app.order.invoice', <bdi dir="ltr">{current.invoice_number ?? '—'}</bdi>],
    ['app.order.status', translate(`app.payment_status.${current.payment_status}`, { _: current.payment_status })],
    ...(detail && Number(detail.refunded_amount) > 0
      ? [
          ['app.order.refunded', <bdi>{formatMoney(detail.refunded_amount, order.currency, locale)}</bdi>] as [
            string,
            React.ReactNode,
          ],
        ]
      : []),
    ['app.order.date', formatDate(order.created_at, locale, 'time')],
    ...(detail?.lines?.length ? [['app.order.teams', <LineRows detail={detail} />] as [string, React.ReactNode]] : []),
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="order-dialog-title">
      <DialogTitle id="order-dialog-title">{translate('app.order.title')}</DialogTitle>
      {/* It scrolls when the order has many refunds and e-invoices: reachable by the keyboard. */}
      <DialogContent dividers tabIndex={0} aria-labelledby="order-dialog-title">
        <Table size="small" sx={{ tableLayout: 'fixed', '& td': { overflowWrap: 'anywhere' } }}>
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 500, width: '35%' }}>
                  {translate(label)}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" sx={{ fontWeight: 500, verticalAlign: 'top' }}>
                {translate('app.order.refunds')}
              </TableCell>
              <TableCell>{detail ? <RefundRows detail={detail} /> : '…'}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" sx={{ fontWeight: 500, verticalAlign: 'top' }}>
                {translate('app.order.einvoices')}
              </TableCell>
              <TableCell>{detail ? <EinvoiceRows einvoices={detail.einvoices ?? []} /> : '…'}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" sx={{ fontWeight: 500, verticalAlign: 'top' }}>
                {translate('app.order.payment_data')}
              </TableCell>
              <TableCell>
                <PaymentData data={order.payment_data} />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        {detail && Number(detail.refundable_amount) > 0 && (
          <MuiButton color="warning" variant="outlined" onClick={() => setRefunding(true)}>
            {translate('app.order.refund')}
          </MuiButton>
        )}
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
      </DialogActions>
      {refunding && detail && (
        <RefundDialog
          orderId={order.id as string}
          currency={order.currency}
          max={detail.refundable_amount}
          lines={detail.lines}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            void refetch();
            refresh();
          }}
        />
      )}
    </Dialog>
  );
}

export function TransactionList() {
  const [open, setOpen] = useState<OrderRecord | null>(null);
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [locale] = useLocaleState();
  return (
    <>
      <List
        filters={[
          <SearchInput key="q" source="q" alwaysOn />,
          <SelectInput
            key="payment_status"
            source="payment_status"
            choices={ORDER_STATUSES.map((id) => ({ id, name: `app.payment_status.${id}` }))}
          />,
          <ReferenceInput key="plan" source="plan" reference="plans" sort={{ field: 'name_en', order: 'ASC' }}>
            <SelectInput optionText={<BilingualName />} label="resources.transections.fields.plan" />
          </ReferenceInput>,
          ...dateRangeFilters('created_at'),
        ]}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        pagination={listPagination}
        actions={
          <ListActions>
            <FinanceExportButton />
          </ListActions>
        }
      >
        {small ? (
          <SimpleList<OrderRecord>
            primaryText={(o) => o.customer_name}
            secondaryText={(o) => (
              <>
                <PlanName record={o} /> · <bdi>{formatMoney(o.total_amount, o.currency, locale)}</bdi>
              </>
            )}
            tertiaryText={(o) => <StatusChip record={o} />}
            rowClick={(_id, _resource, record) => (setOpen(record as OrderRecord), false)}
          />
        ) : (
          <DataTable<OrderRecord>
            bulkActionButtons={false}
            rowClick={(_id, _resource, record) => (setOpen(record as OrderRecord), false)}
            sx={stickyTableSx}
          >
            <DataTable.Col source="customer_name">
              <MemberLink />
            </DataTable.Col>
            <DataTable.Col source="customer_email" disableSort>
              <LtrField source="customer_email" />
            </DataTable.Col>
            <DataTable.Col source="customer_phone_number" disableSort>
              <LtrField source="customer_phone_number" />
            </DataTable.Col>
            <DataTable.Col source="items" disableSort>
              <PlanName />
            </DataTable.Col>
            <DataTable.Col source="order_type" disableSort>
              <OrderTypeField />
            </DataTable.Col>
            <DataTable.Col source="total_amount">
              <MoneyField source="total_amount" currencySource="currency" />
            </DataTable.Col>
            <DataTable.Col source="payment_method">
              <PaymentMethodField />
            </DataTable.Col>
            <DataTable.Col source="payment_status">
              <StatusChip />
            </DataTable.Col>
            <DataTable.Col source="created_at">
              <LocalDateField source="created_at" showTime />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {open && <OrderDialog order={open} onClose={() => setOpen(null)} />}
    </>
  );
}

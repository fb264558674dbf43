import type { EinvoiceRecord, EinvoiceState } from '@platform/contract';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '@platform/contract';
import { apiFetch, downloadResponse } from '../common/api';

const STATE_COLOR: Record<EinvoiceState, 'success' | 'error' | 'warning' | 'default'> = {
  pending: 'default',
  reported: 'success',
  reported_with_warnings: 'warning',
  cleared: 'success',
  rejected: 'error',
};

/** A document's ZATCA state as a chip; a late one (pending after 20 hours) says so. */
export function EinvoiceStateChip({ record: given }: { label?: string; record?: EinvoiceRecord }) {
  const translate = useTranslate();
  const record = useRecordContext<EinvoiceRecord>({ record: given });
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color={STATE_COLOR[record.state]} label={translate(`app.einvoice.state.${record.state}`)} />
      {record.late && <Chip size="small" color="error" variant="outlined" label={translate('app.einvoice.late')} />}
    </Box>
  );
}

/**
 * When ZATCA answered a document, labelled with what it answered ("Reported …", "Cleared …",
 * "Rejected …"): a rejected document was never reported, so it shows no reported date. Nothing
 * while the document waits.
 */
export function EinvoiceAnswered({
  record: given,
  style = 'short',
}: {
  label?: string;
  record?: EinvoiceRecord;
  style?: 'short' | 'time';
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<EinvoiceRecord>({ record: given });
  if (!record?.reported_at || record.state === 'pending') return null;
  const answer = record.state === 'reported_with_warnings' ? 'reported' : record.state;
  return (
    <Typography component="span" variant="body2" color={record.state === 'rejected' ? 'error' : 'text.secondary'}>
      {translate(`app.einvoice.answered.${answer}`, { date: formatDate(record.reported_at, locale, style) })}
    </Typography>
  );
}

/** ZATCA's messages about a document (errors, then warnings), and why Fatoora could not be reached. */
export function EinvoiceMessages({ record: given }: { label?: string; record?: EinvoiceRecord }) {
  const translate = useTranslate();
  const record = useRecordContext<EinvoiceRecord>({ record: given });
  if (!record) return null;
  const lines = [...record.errors, ...record.warnings];
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      {lines.map((m) => (
        <Typography key={`${m.type}-${m.code}`} variant="body2" color={m.type === 'ERROR' ? 'error' : 'warning.main'}>
          <bdi dir="ltr">
            {m.code}: {m.message}
          </bdi>
        </Typography>
      ))}
      {record.state === 'pending' && record.last_error && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.einvoice.retrying', { smart_count: record.attempts })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Downloads a document's UBL XML; shown only when the API says it can be downloaded now (`xml`: a
 * simplified document, or a standard invoice once ZATCA cleared it).
 */
export function EinvoiceXmlButton({ record: given }: { label?: string; record?: EinvoiceRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<EinvoiceRecord>({ record: given });
  const [busy, setBusy] = useState(false);
  if (!record?.xml) return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadResponse(await apiFetch(`/admin/einvoices/${record.id}/xml`), `${record.number}.xml`);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="text"
      onClick={run}
      disabled={busy}
      aria-label={translate('app.einvoice.download_xml', { number: record.number })}
      sx={{ minWidth: 0, py: 0 }}
    >
      {translate('app.einvoice.xml')}
    </Button>
  );
}

/** The e-invoices of one order, in chain order (the order's dialog). */
export function EinvoiceRows({ einvoices }: { einvoices: EinvoiceRecord[] }) {
  const translate = useTranslate();
  if (!einvoices.length) return <>{translate('app.einvoice.none')}</>;
  return (
    <Box component="ul" data-testid="order-einvoices" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {einvoices.map((d) => (
        <Box component="li" key={d.id} sx={{ py: 0.5, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            <Box component="bdi" dir="ltr" sx={{ whiteSpace: 'nowrap' }}>
              {d.number}
            </Box>{' '}
            · {translate('app.einvoice.icv', { icv: d.icv })} <EinvoiceStateChip record={d} />{' '}
            <EinvoiceXmlButton record={d} />
          </Typography>
          <EinvoiceMessages record={d} />
          <EinvoiceAnswered record={d} style="time" />
        </Box>
      ))}
    </Box>
  );
}

import { formatDate, LIMITS, type ContactDetail, type ContactRecord } from '@platform/contract';
import DraftsIcon from '@mui/icons-material/Drafts';
import MailIcon from '@mui/icons-material/MarkEmailUnread';
import {
  Box,
  Button as MuiButton,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import {
  BulkDeleteWithConfirmButton,
  Button,
  DataTable,
  DeleteWithConfirmButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  useGetOne,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiFetch } from '../common/api';
import { LocalDateField, LtrField } from '../common/fields';
import { BulkSetButton, ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';

function ReadChip(props: { label?: string; record?: ContactRecord }) {
  const record = useRecordContext<ContactRecord>(props);
  const translate = useTranslate();
  if (!record || record.read) return null;
  return <Chip size="small" color="warning" icon={<MailIcon />} label={translate('app.contact.unread')} />;
}

/** The message, earlier replies and a reply box; sending e-mails the reply and keeps it in the thread. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  // The list's copy of the message comes first: the replies once the one-message answer is in.
  const { data, refetch, isPending } = useGetOne<ContactRecord & Partial<Pick<ContactDetail, 'reply'>>>('contactus', {
    id,
  });
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const when = (iso: string) => formatDate(iso, locale, 'time');
  const send = async () => {
    if (!reply.trim()) {
      notify('app.contact.reply_empty', { type: 'error' });
      return;
    }
    setSending(true);
    try {
      const res = await apiFetch(`/admin/contactus/${id}/reply`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ message: reply }),
      });
      notify(((await res.json()) as { message: string }).message, { type: 'success' });
      setReply('');
      await refetch();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-dialog-title">
      <DialogTitle id="contact-dialog-title">{data?.name ?? translate('ra.page.loading')}</DialogTitle>
      <DialogContent dividers>
        {!isPending && data && (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              <bdi dir="ltr">{data.email}</bdi>
              {data.phone && (
                <>
                  {' · '}
                  <bdi dir="ltr">{data.phone}</bdi>
                </>
              )}
              {' · '}
              {when(data.created_at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{data.message}</Typography>
            <Divider />
            <Typography variant="subtitle2">{translate('app.contact.replies')}</Typography>
            {data.reply?.length ? (
              data.reply.map((r) => (
                <Box key={r._id} sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}>
                  <Typography variant="caption" color="text.secondary">
                    {r.author} · {when(r.created_at)}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-line' }}>{r.message}</Typography>
                </Box>
              ))
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate('app.contact.no_replies')}
              </Typography>
            )}
            <TextField
              label={translate('app.contact.reply')}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: LIMITS.contactReplyMax } }}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        <MuiButton variant="contained" onClick={send} disabled={sending || isPending}>
          {translate('app.contact.send')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** The first words of a message, cut with an ellipsis at its end in either language; the whole text on hover. */
function FirstWords(props: { label?: string; record?: ContactRecord }) {
  const record = useRecordContext<ContactRecord>(props);
  if (!record) return null;
  return (
    <Box
      component="span"
      title={record.message}
      // The message's own direction (an English message in the Arabic interface is cut at its end), aligned with the page.
      dir="auto"
      sx={{
        display: 'block',
        maxWidth: 280,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        textAlign: 'left',
      }}
    >
      {record.message}
    </Box>
  );
}

/** Mark the selected messages read or unread, or delete them (after a confirmation). */
function ContactBulkActions() {
  return (
    <>
      <BulkSetButton label="app.bulk.mark_read" data={{ read: true }} icon={<DraftsIcon />} />
      <BulkSetButton label="app.bulk.mark_unread" data={{ read: false }} icon={<MailIcon />} />
      <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
    </>
  );
}

function OpenButton({ onOpen }: { onOpen: (id: string) => void; label?: string }) {
  const record = useRecordContext<ContactRecord>();
  if (!record) return null;
  return <Button label="app.contact.view_reply" onClick={() => onOpen(record.id)} />;
}

export function ContactList() {
  const [open, setOpen] = useState<string | null>(null);
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const refresh = useRefresh();
  return (
    <>
      <List
        filters={[
          <SearchInput key="q" source="q" alwaysOn />,
          <NullableBooleanInput
            key="read"
            source="read"
            trueLabel="app.contact.read"
            falseLabel="app.contact.unread"
          />,
          ...dateRangeFilters('created_at'),
        ]}
        sort={{ field: 'unread', order: 'DESC' }}
        perPage={10}
        pagination={listPagination}
        actions={<ListActions />}
      >
        {small ? (
          <SimpleList<ContactRecord>
            primaryText={(m) => m.name}
            secondaryText={(m) => <FirstWords record={m} />}
            tertiaryText={(m) => <ReadChip record={m} />}
            rowClick={(id) => (setOpen(String(id)), false)}
          />
        ) : (
          <DataTable
            bulkActionButtons={<ContactBulkActions />}
            rowClick={(id) => (setOpen(String(id)), false)}
            sx={stickyTableSx}
          >
            <DataTable.Col source="name" />
            <DataTable.Col source="email">
              <LtrField source="email" />
            </DataTable.Col>
            <DataTable.Col source="phone" disableSort>
              <LtrField source="phone" />
            </DataTable.Col>
            <DataTable.Col source="message" disableSort>
              <FirstWords />
            </DataTable.Col>
            <DataTable.Col source="created_at">
              <LocalDateField source="created_at" showTime />
            </DataTable.Col>
            <DataTable.Col source="read" disableSort>
              <ReadChip />
            </DataTable.Col>
            <DataTable.Col label="app.contact.view_reply">
              <OpenButton onOpen={setOpen} />
            </DataTable.Col>
            <DataTable.Col label="ra.action.delete">
              <DeleteWithConfirmButton mutationMode="pessimistic" />
            </DataTable.Col>
          </DataTable>
        )}
      </List>
      {open && (
        <MessageDialog
          id={open}
          onClose={() => {
            setOpen(null);
            refresh();
          }}
        />
      )}
    </>
  );
}

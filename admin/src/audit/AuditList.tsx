import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import {
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ListActions, dateRangeFilters } from '../common/filters';
import { LocalDateField } from '../common/fields';
import { listPagination, stickyTableSx } from '../common/list';

interface AuditRecord {
  id: string;
  action: string;
  resource: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const ACTIONS = ['create', 'update', 'toggle', 'delete', 'archive', 'restore', 'reply', 'import', 'refund'];
const RESOURCES = [
  'teams',
  'seasons',
  'competitions',

  'users',
  'admins',
  'judges',
  'contactus',
  'events',
  'announcements',
  'categories',
  'plans',
  'blogs',
  'settings',
];
const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function ActionChip(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const color = record.action === 'delete' ? 'error' : record.action === 'create' ? 'success' : 'default';
  return (
    <Chip size="small" color={color} label={translate(`app.audit_action.${record.action}`, { _: record.action })} />
  );
}

/** The fields that changed, before and after, side by side. */
function Changes() {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const keys = [...new Set([...Object.keys(record.before ?? {}), ...Object.keys(record.after ?? {})])];
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.audit.field')}</TableCell>
            <TableCell>{translate('app.audit.before')}</TableCell>
            <TableCell>{translate('app.audit.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((k) => (
            <TableRow key={k}>
              <TableCell>
                <bdi dir="ltr">{k}</bdi>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{show(record.before?.[k])}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{show(record.after?.[k])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function AuditList() {
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
          key="resource"
          source="resource"
          choices={RESOURCES.map((id) => ({ id, name: `resources.${id}.name` }))}
          translateChoice
        />,
        <SelectInput
          key="action"
          source="action"
          choices={ACTIONS.map((id) => ({ id, name: `app.audit_action.${id}` }))}
        />,
        <ReferenceInput key="actor_id" source="actor_id" reference="admins" sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label="resources.audit.fields.actor_id" />
        </ReferenceInput>,
        ...dateRangeFilters('created_at'),
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={10}
      pagination={listPagination}
      actions={<ListActions />}
    >
      <DataTable bulkActionButtons={false} rowClick="expand" expand={<Changes />} sx={stickyTableSx}>
        <DataTable.Col source="created_at">
          <LocalDateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="actor_name" />
        <DataTable.Col source="action" disableSort>
          <ActionChip />
        </DataTable.Col>
        <DataTable.Col source="resource" />
        <DataTable.Col source="record_id" disableSort>
          <TextField source="record_id" sx={{ fontFamily: 'monospace', direction: 'ltr' }} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

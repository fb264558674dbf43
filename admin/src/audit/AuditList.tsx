import { AUDIT_ACTIONS, AUDIT_SECTIONS, type AuditRecord } from '@platform/contract';
import {
  Box,
  Chip,
  Link as MuiLink,
  useMediaQuery,
  type Theme,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import {
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ListActions, dateRangeFilters } from '../common/filters';
import { LocalDateField } from '../common/fields';
import { listPagination, stickyTableSx } from '../common/list';

/** Sections whose records open in their own page (the others are found in their list by id). */
const SHOW = new Set(['users', 'messages']);
const EDIT = new Set([
  'admins',
  'events',
  'announcements',
  'categories',
  'plans',
  'blogs',
  'seasons',
  'competitions',
  'teams',
  'registrations',
  'partners',
]);
const sectionLabel = (resource: string) => (resource === 'gallery' ? 'app.media.title' : `resources.${resource}.name`);

/** The section in the interface's language. */
function SectionField(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <span>{translate(sectionLabel(record.resource), { smart_count: 1, _: record.resource })}</span>;
}

/** The record an entry is about, by its name, linked to it while it exists. */
function RecordLink(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  if (!record) return null;
  const name = record.record_name
    ? locale === 'ar'
      ? record.record_name.name
      : record.record_name.name_en
    : record.record_id;
  const text = <bdi>{name}</bdi>;
  if (!record.record_exists) return text;
  const { resource, record_id: id } = record;
  const to =
    resource === 'settings'
      ? '/settings'
      : resource === 'gallery'
        ? '/media'
        : SHOW.has(resource) || EDIT.has(resource)
          ? createPath({ resource, id, type: SHOW.has(resource) ? 'show' : 'edit' })
          : `/${resource}?filter=${encodeURIComponent(JSON.stringify({ id }))}`;
  return (
    <MuiLink component={Link} to={to} onClick={(e) => e.stopPropagation()}>
      {text}
    </MuiLink>
  );
}
const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function ActionChip(_props: { label?: string }) {
  const record = useRecordContext<AuditRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const color =
    record.action === 'delete' || record.action === 'refund_failed'
      ? 'error'
      : record.action === 'create'
        ? 'success'
        : record.action === 'refund_pending'
          ? 'warning'
          : 'default';
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
                {/* The field by its label in the section's form; a field no form shows keeps its name, isolated. */}
                <bdi>{translate(`resources.${record.resource}.fields.${k}`, { _: k })}</bdi>
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

/**
 * The section filter, each section by its name in the plural as the menu shows it. Translated here with
 * its count: react-admin's translateChoice passes none, and would show the raw "User |||| Users".
 */
function SectionInput({ source }: { source: string }) {
  const translate = useTranslate();
  const choices = AUDIT_SECTIONS.map((id) => ({ id, name: translate(sectionLabel(id), { smart_count: 2, _: id }) }));
  return <SelectInput source={source} choices={choices} translateChoice={false} />;
}

export function AuditList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SectionInput key="resource" source="resource" />,
        <SelectInput
          key="action"
          source="action"
          choices={AUDIT_ACTIONS.map((id) => ({ id, name: `app.audit_action.${id}` }))}
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
      {small ? (
        <SimpleList<AuditRecord>
          primaryText={() => (
            <>
              <SectionField /> · <RecordLink />
            </>
          )}
          secondaryText={(r) => (
            <>
              <bdi>{r.actor_name}</bdi> · <LocalDateField source="created_at" showTime />
            </>
          )}
          tertiaryText={() => <ActionChip />}
          rowClick={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="expand" expand={<Changes />} sx={stickyTableSx}>
          <DataTable.Col source="created_at">
            <LocalDateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="actor_name" />
          <DataTable.Col source="action" disableSort>
            <ActionChip />
          </DataTable.Col>
          <DataTable.Col source="resource">
            <SectionField />
          </DataTable.Col>
          <DataTable.Col source="record_id" disableSort>
            <RecordLink />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

import type { OutboxMessageRecord } from '@platform/contract';
import { Box, Link as MuiLink, useMediaQuery, type Theme } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  AutocompleteInput,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextInput,
  useCreatePath,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { CutText, LocalDateField } from '../common/fields';
import { ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import {
  DeliveryChip,
  KindField,
  ResendButton,
  StatusChip,
  WordField,
  channelChoices,
  deliveryChoices,
  langChoices,
  statusChoices,
  useKindChoices,
} from './fields';

/** The recipient's number or address, and the member it is for (linked to their page). */
export function RecipientField(_props: { label?: string }) {
  const record = useRecordContext<OutboxMessageRecord>();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <bdi dir="ltr">{record.to}</bdi>
      {record.user_id && record.user_name && (
        <MuiLink
          component={Link}
          to={createPath({ resource: 'users', id: record.user_id, type: 'show' })}
          onClick={(e: MouseEvent) => e.stopPropagation()}
          sx={{ fontSize: '0.875rem' }}
        >
          {record.user_name}
        </MuiLink>
      )}
    </Box>
  );
}

function useFilters() {
  const kinds = useKindChoices();
  return [
    // A phone in any form (05…, +9665…, Arabic-Indic digits) or an e-mail address, or a part of one.
    <TextInput key="to" source="to" label="app.messages.recipient_filter" alwaysOn resettable />,
    <ReferenceInput key="user_id" source="user_id" reference="users" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput optionText="name" label="resources.messages.fields.user_id" />
    </ReferenceInput>,
    <SelectInput key="kind" source="kind" choices={kinds} translateChoice={false} />,
    <SelectInput key="channel" source="channel" choices={channelChoices} />,
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
    <SelectInput key="delivery" source="delivery" choices={deliveryChoices} />,
    <SelectInput key="lang" source="lang" choices={langChoices} />,
    ...dateRangeFilters('created_at'),
  ];
}

/**
 * Every message the platform sent or tries to send, newest first: to whom, which kind in which
 * language, how far it went and why it failed; a failed one can be sent again. Admins only.
 */
export function MessageList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={useFilters()}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      pagination={listPagination}
      actions={<ListActions />}
    >
      {small ? (
        <SimpleList<OutboxMessageRecord>
          primaryText={() => <KindField />}
          secondaryText={(m) => (
            <>
              <bdi dir="ltr">{m.to}</bdi> · <LocalDateField source="created_at" showTime />
            </>
          )}
          tertiaryText={() => <StatusChip />}
          linkType="show"
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="show" sx={stickyTableSx}>
          <DataTable.Col source="created_at">
            <LocalDateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col source="kind">
            <KindField />
          </DataTable.Col>
          <DataTable.Col source="to">
            <RecipientField />
          </DataTable.Col>
          <DataTable.Col source="channel" disableSort>
            <WordField source="channel" prefix="app.message_channel" />
          </DataTable.Col>
          <DataTable.Col source="lang" disableSort>
            <WordField source="lang" prefix="app.message_lang" />
          </DataTable.Col>
          <DataTable.Col source="status">
            <StatusChip />
          </DataTable.Col>
          <DataTable.Col source="delivery">
            <DeliveryChip />
          </DataTable.Col>
          <DataTable.Col source="attempts" />
          <DataTable.Col source="last_error" disableSort>
            <CutText source="last_error" width={240} ltr />
          </DataTable.Col>
          <DataTable.Col label="app.messages.resend">
            <ResendButton />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

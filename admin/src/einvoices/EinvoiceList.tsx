import { EINVOICE_KINDS, EINVOICE_STATES } from '@platform/contract';
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { LocalDateField } from '../common/fields';
import { ListActions, dateRangeFilters } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { EinvoiceAnswered, EinvoiceMessages, EinvoiceStateChip, EinvoiceXmlButton } from './fields';

const stateChoices = EINVOICE_STATES.map((id) => ({ id, name: `app.einvoice.state.${id}` }));
const kindChoices = EINVOICE_KINDS.map((id) => ({ id, name: `app.einvoice.kind.${id}` }));
const lateChoices = [{ id: 'true', name: 'app.einvoice.late' }];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="state" source="state" choices={stateChoices} alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} />,
  <SelectInput key="late" source="late" choices={lateChoices} alwaysOn />,
  ...dateRangeFilters('issued_at'),
];

/**
 * ZATCA e-invoices, last in the chain first: each invoice's and credit note's counter (ICV), where
 * its reporting stands and ZATCA's messages. Admins only.
 */
export function EinvoiceList() {
  const translate = useTranslate();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'icv', order: 'DESC' }}
      actions={<ListActions />}
      pagination={listPagination}
      exporter={false}
    >
      {small ? (
        <SimpleList
          primaryText={(r) => <bdi dir="ltr">{r.number}</bdi>}
          secondaryText={(r) => <EinvoiceStateChip record={r} />}
          tertiaryText={(r) => `ICV ${r.icv}`}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false} sx={stickyTableSx}>
          <DataTable.Col source="icv" />
          <DataTable.Col
            source="number"
            render={(r) => (
              <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {r.number}
              </bdi>
            )}
          />
          <DataTable.Col source="kind" render={(r) => translate(`app.einvoice.kind.${r.kind}`)} />
          <DataTable.Col source="state" field={EinvoiceStateChip} />
          <DataTable.Col source="errors" disableSort field={EinvoiceMessages} />
          <DataTable.Col source="attempts" />
          <DataTable.Col source="issued_at" field={LocalDateField} />
          <DataTable.Col source="reported_at" disableSort field={EinvoiceAnswered} />
          <DataTable.Col source="xml" disableSort field={EinvoiceXmlButton} />
        </DataTable>
      )}
    </List>
  );
}

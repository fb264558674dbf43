import type { CertificateRecord } from '@platform/contract';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  usePermissions,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ExportCsvButton } from '../common/ExportCsvButton';
import { BilingualName, LocalDateField } from '../common/fields';
import { ListActions } from '../common/filters';
import { listPagination, stickyTableSx } from '../common/list';
import { CertificateStateChip, KindField, kindChoices, stateChoices } from './fields';
import { IssueButton } from './IssueDialog';
import { CertificateActions } from './RowActions';
import { SingleIssueButton } from './SingleIssue';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="season" source="season" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
    <SelectInput optionText={<BilingualName />} label="resources.certificates.fields.season" />
  </ReferenceInput>,
  <ReferenceInput
    key="competition"
    source="competition"
    reference="competitions"
    sort={{ field: 'created_at', order: 'DESC' }}
  >
    <SelectInput optionText={<BilingualName />} label="resources.certificates.fields.competition" />
  </ReferenceInput>,
  <SelectInput key="kind" source="kind" choices={kindChoices} />,
  <SelectInput key="state" source="state" choices={stateChoices} />,
];

/** Issued certificates, newest first, with their state; issue (in bulk or one), revoke, PDF, CSV. */
export function CertificateList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const { permissions } = usePermissions();
  return (
    <List
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      pagination={listPagination}
      actions={
        <ListActions>
          {permissions === 'admin' && <IssueButton />}
          {permissions === 'admin' && <SingleIssueButton />}
          <ExportCsvButton />
        </ListActions>
      }
    >
      {small ? (
        <SimpleList<CertificateRecord>
          primaryText={(r) => r.holder}
          secondaryText={(r) => (locale === 'ar' ? r.name : r.name_en)}
          tertiaryText={(r) => translate(`app.certificate.state.${r.state}`)}
          linkType={false}
        />
      ) : (
        <DataTable bulkActionButtons={false} sx={stickyTableSx}>
          <DataTable.Col source="holder" />
          <DataTable.Col source="name" disableSort>
            <NameField />
          </DataTable.Col>
          <DataTable.Col source="kind">
            <KindField />
          </DataTable.Col>
          <DataTable.Col source="state">
            <CertificateStateChip />
          </DataTable.Col>
          <DataTable.Col source="code" disableSort />
          <DataTable.Col source="issued_on">
            <LocalDateField source="issued_on" />
          </DataTable.Col>
          <DataTable.Col source="issued_by_name" disableSort />
          <DataTable.Col label="app.certificate.actions" disableSort>
            <CertificateActions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** The certificate's name in the interface's language. */
function NameField(_: { label?: string }) {
  const r = useRecordContext<CertificateRecord>();
  const [locale] = useLocaleState();
  return r ? <span>{locale === 'ar' ? r.name : r.name_en}</span> : null;
}

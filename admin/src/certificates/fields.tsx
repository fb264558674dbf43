import { CERTIFICATE_KINDS, type CertificateRecord } from '@platform/contract';
import { Chip } from '@mui/material';
import { ReferenceInput, SelectInput, required, useRecordContext, useTranslate } from 'react-admin';
import { BilingualName } from '../common/fields';

export const kindChoices = [...CERTIFICATE_KINDS, 'legacy'].map((id) => ({ id, name: `app.certificate.kind.${id}` }));
export const singleKindChoices = CERTIFICATE_KINDS.map((id) => ({ id, name: `app.certificate.kind.${id}` }));
export const stateChoices = ['valid', 'revoked'].map((id) => ({ id, name: `app.certificate.state.${id}` }));

export function KindField(_: { label?: string }) {
  const r = useRecordContext<CertificateRecord>();
  const translate = useTranslate();
  return r ? <span>{translate(`app.certificate.kind.${r.kind}`)}</span> : null;
}

/** Valid (default colour) or revoked (red, with the reason as its title). */
export function CertificateStateChip(_: { label?: string }) {
  const r = useRecordContext<CertificateRecord>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Chip
      size="small"
      color={r.state === 'revoked' ? 'error' : 'default'}
      label={translate(`app.certificate.state.${r.state}`)}
      title={r.revoked_reason ?? undefined}
    />
  );
}

/** The season and competition a certificate is for, both required: the issue dialogs' common pair. */
export function SeasonAndCompetition() {
  return (
    <>
      <ReferenceInput source="season_id" reference="seasons" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput
          optionText={<BilingualName />}
          label="resources.certificates.fields.season_id"
          validate={required()}
        />
      </ReferenceInput>
      <ReferenceInput source="competition_id" reference="competitions" sort={{ field: 'created_at', order: 'DESC' }}>
        <SelectInput
          optionText={<BilingualName />}
          label="resources.certificates.fields.competition_id"
          validate={required()}
        />
      </ReferenceInput>
    </>
  );
}

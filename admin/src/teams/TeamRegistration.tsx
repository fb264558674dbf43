import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  formatDate,
  formatMoney,
  teamActions,
  type TeamDetail,
  type TeamInvitationRecord,
  type TeamRecord,
  type TeamRegistrationRules,
} from '@platform/contract';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { ManualPayment } from './ManualPayment';
import { TeamDecisions } from './TeamDecisions';
import { PaidChip } from './fields';

type Team = TeamRecord & Partial<Omit<TeamDetail, keyof TeamRecord>>;
type Translate = ReturnType<typeof useTranslate>;

/** Who an eligible student is, in words: "ages 10–15 on 1 September 2026 · grades 6, 7, 8". */
function rulesText(rules: TeamRegistrationRules, translate: Translate, locale: string): string {
  const date = formatDate(rules.age_on, locale);
  const { min_age: min, max_age: max } = rules;
  const parts = [
    min !== null && max !== null
      ? translate('app.team.rules_ages', { min, max, date })
      : min !== null
        ? translate('app.team.rules_min_age', { min, date })
        : max !== null
          ? translate('app.team.rules_max_age', { max, date })
          : null,
    rules.grades.length
      ? translate('app.team.rules_grades', { grades: rules.grades.join(locale === 'ar' ? '، ' : ', ') })
      : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : translate('app.team.rules_any');
}

/** Yes or No for a student, nothing for a coach or the entity. */
const minorText = (p: TeamInvitationRecord, translate: Translate) =>
  p.role === 'member' ? translate(p.minor ? 'ra.boolean.true' : 'ra.boolean.false') : '';

function Person({ person }: { person: TeamInvitationRecord }) {
  return (
    <>
      <bdi>{person.name}</bdi>{' '}
      {(person.national_id ?? person.email) && <bdi dir="ltr">{person.national_id ?? person.email}</bdi>}
    </>
  );
}

/** Everyone in the team on a desktop: their part, invitation, and a student's age, grade, school and minor. */
function PeopleTable({ people, ageLabel }: { people: TeamInvitationRecord[]; ageLabel: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.team.people')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.team.person')}</TableCell>
            <TableCell>{translate('app.team.role')}</TableCell>
            <TableCell>{translate('app.team.invitation')}</TableCell>
            <TableCell>{ageLabel}</TableCell>
            <TableCell>{translate('app.team.grade')}</TableCell>
            <TableCell>{translate('app.team.school')}</TableCell>
            <TableCell>{translate('app.team.minor')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <Person person={p} />
              </TableCell>
              <TableCell>{translate(`app.team_role.${p.role}`)}</TableCell>
              <TableCell>{translate(`app.invitation_state.${p.state}`)}</TableCell>
              <TableCell>{p.age ?? ''}</TableCell>
              <TableCell>{p.grade ?? ''}</TableCell>
              <TableCell>
                <bdi>{p.school ?? ''}</bdi>
              </TableCell>
              <TableCell>{minorText(p, translate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The same on a phone: one block per person, the student's details on their own line. */
function PeopleList({ people, ageLabel }: { people: TeamInvitationRecord[]; ageLabel: string }) {
  const translate = useTranslate();
  return (
    <Box component="ul" aria-label={translate('app.team.people')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {people.map((p) => (
        <Box component="li" key={p.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="body1" sx={{ fontWeight: 500 }}>
            <Person person={p} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`app.team_role.${p.role}`)} · {translate(`app.invitation_state.${p.state}`)}
          </Typography>
          {p.role !== 'entity' && (
            <Typography variant="body2">
              {[
                p.age !== null ? `${ageLabel}: ${p.age}` : null,
                p.grade ? `${translate('app.team.grade')}: ${p.grade}` : null,
                p.school ? `${translate('app.team.school')}: ${p.school}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}{' '}
              {p.minor && <Chip component="span" size="small" variant="outlined" label={translate('app.team.minor')} />}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A team's people and registration at the top of its page: the state in words with the staff's
 * reason, the fee and whether it is paid (with "Record a payment" for an unpaid fee), who is
 * eligible, everyone with their invitation and each student's age on the registration's reference
 * date, grade, school and minor, then the decision on a submitted team.
 */
export function TeamRegistration() {
  // The list's copy of the record comes first: the people once the one-team answer is in.
  const record = useRecordContext<Team>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (!record) return null;
  const people = record.invitations ?? [];
  const rules = record.registration ?? null;
  if (!record.registration_id && !people.length) return null;
  const ageLabel = rules?.age_on
    ? translate('app.team.age_on', { date: formatDate(rules.age_on, locale, 'short') })
    : translate('app.team.age_today');
  const fee = rules && Number(rules.fee) > 0 ? rules : null;
  // What staff may do now is the contract's lifecycle table, as the API enforces it.
  const actions = record.registration_id
    ? teamActions('staff', {
        state: record.registration_status,
        open: true,
        feeDue: !!fee && !record.payment_status,
        paid: !!fee && record.payment_status,
        hasResult: record.score !== null || record.ranked !== null,
        complete: true,
      })
    : [];
  return (
    <Card sx={{ mb: 2, maxWidth: 960 }} data-testid="team-registration">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {record.registration_id
            ? `${translate('app.team.registration')}: ${translate(`app.team_state.${record.registration_status}`)}`
            : translate('app.team.people')}
        </Typography>
        {record.reason && (
          <Typography variant="body2" gutterBottom>
            {translate('resources.teams.fields.reason')}: <bdi>{record.reason}</bdi>
          </Typography>
        )}
        {record.registration_id && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="body2">
              {translate('app.team.fee')}:{' '}
              {fee ? <bdi>{formatMoney(fee.fee, fee.currency, locale)}</bdi> : translate('app.team.no_fee')}
            </Typography>
            {fee && <PaidChip paid={record.payment_status} />}
            {fee && actions.includes('record_payment') && (
              <ManualPayment record={record} fee={fee.fee} currency={fee.currency} />
            )}
          </Stack>
        )}
        {rules && (
          <Typography variant="body2" gutterBottom>
            {translate('app.team.rules')}: {rulesText(rules, translate, locale)}
          </Typography>
        )}
        {small ? (
          <PeopleList people={people} ageLabel={ageLabel} />
        ) : (
          <PeopleTable people={people} ageLabel={ageLabel} />
        )}
        {(actions.includes('approve') || actions.includes('request_changes') || actions.includes('reject')) && (
          <TeamDecisions record={record} actions={actions} />
        )}
      </CardContent>
    </Card>
  );
}

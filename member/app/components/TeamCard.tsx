import type { TeamView } from '@platform/contract';
import { Fragment } from 'react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Avatar } from '~/ui/Avatar';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { CheckInQr } from './CheckInQr';
import { localized } from '~/utils/posts';

/** At most this many members' pictures, then "+n". */
const MAX_AVATARS = 6;

/**
 * A team (spec §4) by its name and number: active when both its status and payment are, then Score
 * and Rank, or 'Not ranked yet' without a result (the spec's 0 and None are never shown); otherwise
 * where it stands, in a sentence, with staff's note. An active team without an entity asks for one.
 */
export function TeamCard({ team }: { team: TeamView }) {
  const { t, lang } = useT();
  const active = team.status && team.payment_status;
  const shown = team.members.length > MAX_AVATARS ? team.members.slice(0, MAX_AVATARS - 1) : team.members;
  const more = team.members.length - shown.length;
  return (
    <Card variant="outlined" fill data-team={team.team_no}>
      <CardBody>
        <div className="row row-between row-start">
          <div>
            <h3 className="t-h6">
              <bdi>{team.name ?? team.team_no}</bdi>
            </h3>
            <p className="t-body2 muted">
              {team.name && (
                <>
                  <bdi dir="ltr">{team.team_no}</bdi> ·{' '}
                </>
              )}
              {localized(lang, team.competion.name, team.competion.name_en)} ·{' '}
              {localized(lang, team.season.name, team.season.name_en)}
            </p>
          </div>
          <Chip
            size="small"
            color={active ? 'success' : 'default'}
            label={t(active ? 'teams.active' : `register.state.${team.registration_status}`)}
          />
        </div>
        {active && team.resultes ? (
          <div className="row gap-3 my-2">
            <p>
              {t('teams.score')}: <strong>{team.resultes.score}</strong>
            </p>
            <p>
              {t('teams.rank')}: <strong>{team.resultes.ranked}</strong>
            </p>
          </div>
        ) : (
          <p className="muted my-2">
            {active
              ? t('teams.not_ranked')
              : team.registration_status === 'approved'
                ? t('teams.not_active_text')
                : t(`register.state_text.${team.registration_status}`)}
          </p>
        )}
        {!active && team.reason && (
          <Alert severity={team.registration_status === 'rejected' ? 'error' : 'warning'} className="mb-1">
            {t('register.reason', { reason: team.reason })}
          </Alert>
        )}
        <div className="avatar-group">
          {shown.map((m) => (
            <Avatar key={m.name} src={m.picture} name={m.name} alt={m.name} size="small" />
          ))}
          {more > 0 && <span className="avatar avatar-small">+{more}</span>}
        </div>
        {team.coaches.length > 0 && (
          <p className="t-caption muted">
            {t('teams.coaches')}:{' '}
            {team.coaches.map((c, i) => (
              <Fragment key={i}>
                {i > 0 && (lang === 'ar' ? '، ' : ', ')}
                <bdi>{c.name}</bdi>
              </Fragment>
            ))}
          </p>
        )}
        {team.check_in_code && <CheckInQr code={team.check_in_code} teamNo={team.team_no} />}
        {active && !team.entity && (
          <Alert severity="warning" className="mt-1">
            {t('teams.add_entity')}
          </Alert>
        )}
      </CardBody>
    </Card>
  );
}

/** A member's teams as cards, two a row from a small tablet up; "no teams yet" when there are none. */
export function TeamList({ teams }: { teams: TeamView[] }) {
  const { t } = useT();
  if (teams.length === 0) return <p className="muted">{t('account.teams_empty')}</p>;
  return (
    <div className="grid sm-2">
      {teams.map((team) => (
        <TeamCard key={team._id} team={team} />
      ))}
    </div>
  );
}

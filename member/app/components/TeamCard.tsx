import { Fragment } from 'react';
import { Alert, Avatar, AvatarGroup, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useT } from '~/i18n';
import { localized } from '~/utils/posts';

export interface Team {
  _id: string;
  team_no: string;
  season: { name: string; name_en: string };
  competion: { name: string; name_en: string };
  coaches: { name: string }[];
  members: { name: string; picture: string | null }[];
  status: boolean;
  payment_status: boolean;
  entity: { _id: string; name: string } | null;
  resultes: { score: number; ranked: number } | null;
}

/**
 * A team (spec §4): active when both its status and payment are, then Score and Rank, or 'Not
 * ranked yet' without a result (the spec's 0 and None are never shown); otherwise 'Team is not
 * active'. An active team without an entity asks for one.
 */
export function TeamCard({ team }: { team: Team }) {
  const { t, lang } = useT();
  const active = team.status && team.payment_status;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-team={team.team_no}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Stack>
            <Typography variant="h6" component="h3">
              <bdi>{team.team_no}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {localized(lang, team.competion.name, team.competion.name_en)} ·{' '}
              {localized(lang, team.season.name, team.season.name_en)}
            </Typography>
          </Stack>
          <Chip
            size="small"
            color={active ? 'success' : 'default'}
            label={t(active ? 'teams.active' : 'teams.not_active')}
          />
        </Stack>
        {active && team.resultes ? (
          <Stack direction="row" spacing={3} sx={{ my: 1.5 }}>
            <Typography>
              {t('teams.score')}: <strong>{team.resultes.score}</strong>
            </Typography>
            <Typography>
              {t('teams.rank')}: <strong>{team.resultes.ranked}</strong>
            </Typography>
          </Stack>
        ) : active ? (
          <Typography color="text.secondary" sx={{ my: 1.5 }}>
            {t('teams.not_ranked')}
          </Typography>
        ) : (
          <Typography color="text.secondary" sx={{ my: 1.5 }}>
            {t('teams.not_active_text')}
          </Typography>
        )}
        <AvatarGroup max={6} sx={{ justifyContent: 'flex-end' }}>
          {team.members.map((m) => (
            <Avatar key={m.name} src={m.picture ?? undefined} alt={m.name} sx={{ width: 32, height: 32 }}>
              {m.name.slice(0, 1)}
            </Avatar>
          ))}
        </AvatarGroup>
        {team.coaches.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {t('teams.coaches')}:{' '}
            {team.coaches.map((c, i) => (
              <Fragment key={i}>
                {i > 0 && (lang === 'ar' ? '، ' : ', ')}
                <bdi>{c.name}</bdi>
              </Fragment>
            ))}
          </Typography>
        )}
        {active && !team.entity && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('teams.add_entity')}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

import { Box, Card, CardContent, Typography } from '@mui/material';
import { useT } from '~/i18n';
import { localized } from '~/utils/posts';

export interface Achievement {
  _id: string;
  team_no: string;
  season: { name: string; name_en: string };
  competion: { name: string; name_en: string };
  score: number;
  ranked: number;
  medal: 'Gold' | 'Silver' | 'Bronze';
}

const MEDAL_COLORS = { Gold: '#d4a017', Silver: '#9ea7ad', Bronze: '#b0703c' } as const;

/** A ranked result: its medal (rank 1 Gold, 2 Silver, else Bronze), season, competition and team. */
export function AchievementCard({ achievement: a }: { achievement: Achievement }) {
  const { t, lang } = useT();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{ width: 48, height: 48, borderRadius: '50%', mx: 'auto', mb: 1, bgcolor: MEDAL_COLORS[a.medal] }}
        />
        <Typography sx={{ fontWeight: 600 }}>{t(`home.medals.${a.medal}`)}</Typography>
        <Typography variant="body2">{localized(lang, a.season.name, a.season.name_en)}</Typography>
        <Typography variant="caption" color="text.secondary">
          {localized(lang, a.competion.name, a.competion.name_en)} · <bdi>{a.team_no}</bdi>
        </Typography>
      </CardContent>
    </Card>
  );
}

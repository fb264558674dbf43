import type { AchievementView } from '@platform/contract';
import { useT } from '~/i18n';
import { Card, CardBody } from '~/ui/Card';
import { localized } from '~/utils/posts';

/** A ranked result: its medal (rank 1 Gold, 2 Silver, else Bronze), season, competition and team. */
export function AchievementCard({ achievement: a }: { achievement: AchievementView }) {
  const { t, lang } = useT();
  return (
    <Card variant="outlined" fill>
      <CardBody className="t-center">
        <div aria-hidden className={`medal medal-${a.medal}`} />
        <p className="t-strong">{t(`home.medals.${a.medal}`)}</p>
        <p className="t-body2">{localized(lang, a.season.name, a.season.name_en)}</p>
        <p className="t-caption muted">
          {localized(lang, a.competion.name, a.competion.name_en)} · <bdi>{a.team_no}</bdi>
        </p>
      </CardBody>
    </Card>
  );
}

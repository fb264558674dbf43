import type { AchievementView, TeamView } from '@platform/contract';
import { AchievementCard } from '~/components/AchievementCard';
import { TeamList } from '~/components/TeamCard';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { PageLinks } from './shared';

/** The member's teams, a page at a time (?tab=myteams&page=n); a school pays its teams' fees from here. */
export function TeamsTab({
  teams,
  page,
  totalPages,
  school = false,
}: {
  teams: TeamView[];
  page: number;
  totalPages: number;
  school?: boolean;
}) {
  const { t } = useT();
  return (
    <>
      {school && (
        <p>
          <Link className="btn btn-outlined" to="/school/team-fees">
            {t('schoolFees.link')}
          </Link>
        </p>
      )}
      <TeamList teams={teams} />
      <PageLinks tab="myteams" page={page} count={totalPages} />
    </>
  );
}

/** The member's ranked results with their medals, a page at a time (?tab=achivements&page=n). */
export function AchievementsTab({
  achievements,
  page,
  totalPages,
}: {
  achievements: AchievementView[];
  page: number;
  totalPages: number;
}) {
  const { t } = useT();
  return (
    <>
      {achievements.length === 0 ? (
        <p className="muted">{t('account.achievements_empty')}</p>
      ) : (
        <div className="grid xs-2 sm-3 md-4">
          {achievements.map((a) => (
            <AchievementCard key={a._id} achievement={a} />
          ))}
        </div>
      )}
      <PageLinks tab="achivements" page={page} count={totalPages} />
    </>
  );
}

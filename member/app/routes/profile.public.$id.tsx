import type { PublicProfileView } from '@platform/contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AchievementCard } from '~/components/AchievementCard';
import { useT } from '~/i18n';
import { Avatar } from '~/ui/Avatar';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { api } from '~/utils/api.server';
import { getLang } from '~/utils/session.server';

/**
 * A student's or coach's public profile, when the member shows it (a minor's is hidden until turned
 * on in the account settings); any other id is the not-found page, not endless placeholders.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const res = await api<{ user: PublicProfileView }>(request, '/profile', {
    body: { id: params.id },
    lang: await getLang(request),
  });
  if (!res.ok) throw new Response('Not Found', { status: 404 });
  return { user: res.data.user };
}

export default function PublicProfile() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <div className="row gap-2 mb-3">
            <Avatar src={user.picture} name={user.name} alt="" size="xlarge" color="secondary" />
            <div>
              <h1 className="t-h5">{user.name}</h1>
              {user.type !== undefined && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(user.type === 1 ? 'public_profile.coach' : 'public_profile.student')}
                />
              )}
            </div>
          </div>
          {user.achievements ? (
            <>
              <h2 className="t-h6 gutter">{t('public_profile.achievements')}</h2>
              {user.achievements.length ? (
                <div className="grid xs-2 sm-3">
                  {user.achievements.map((a) => (
                    <AchievementCard key={a._id} achievement={a} />
                  ))}
                </div>
              ) : (
                <p className="muted">{t('public_profile.no_achievements')}</p>
              )}
            </>
          ) : (
            <>
              <h2 className="t-h6 gutter">{t('public_profile.skills')}</h2>
              {user.skilles.length ? (
                <ul className="row wrap gap-1 plain-list">
                  {user.skilles.map((s) => (
                    <li key={s._id}>
                      <Chip label={s.name} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('public_profile.no_skills')}</p>
              )}
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

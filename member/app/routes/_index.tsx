import { isMemberType, type EventView } from '@platform/contract';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { Fragment, type ReactNode } from 'react';
import { AchievementCard } from '~/components/AchievementCard';
import { Carousel } from '~/components/Carousel';
import { Countdown } from '~/components/Countdown';
import { PostCard } from '~/components/PostCard';
import { SubmitButton } from '~/components/SubmitButton';
import { TeamList } from '~/components/TeamCard';
import { useT } from '~/i18n';
import { courses } from '~/utils/reference.server';
import { getHome, requireUser } from '~/utils/auth.server';
import { getLang, getSession } from '~/utils/session.server';
import { localized } from '~/utils/posts';
import { profileGaps } from '~/utils/profile';
import { Isolated } from '~/components/Isolated';
import { UpgradePrompt } from '~/components/UpgradePrompt';
import { Alert } from '~/ui/Alert';
import { Avatar } from '~/ui/Avatar';
import { ButtonLink } from '~/ui/Button';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';

/** The home page's next event always has a date (the API picks it among events to come). */
type HomeEvent = EventView & { event_date: string };
/**
 * Everything the dashboard shows: the API's home call (one session check for every part; a part that
 * fails leaves the rest working) and the courses of the learning site, at once, beside the session check.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Every call starts at once (no waterfall): the token and language come from the cookies. The API
  // leaves out what the member may not see (plan-gated parts are null) and checks access itself.
  const [session, cookieLang] = await Promise.all([getSession(request), getLang(request)]);
  if (!session.has('token')) await requireUser(request); // signed out: to join-us, nothing asked
  // The home call also tells who is signed in (getViewer takes the member from it on this page); the
  // courses are a public list the site keeps a minute.
  const calls = { home: getHome(request), courses: courses(request, cookieLang) };
  // Awaited below, or dropped when the guard redirects.
  calls.home.catch(() => undefined);
  calls.courses.catch(() => undefined);
  const { user } = await requireUser(request, ['student', 'coach', 'entity', 'admin', 'sub_admin']);
  const [home, courseList] = await Promise.all([calls.home, calls.courses]);
  const parts = home?.ok ? home.data : null;
  const fullAccess = user.fullAccess;
  const member = isMemberType(user.type);
  return {
    user: {
      name: user.name,
      picture: user.picture,
      type: user.type,
      email: user.email,
      national_id: user.national_id,
      active: user.subscriptionValid,
      // The invitation shows only to members who may apply (the API's rule: adults, not entities) and have not.
      invite: user.canApplyAsJudge && !user.refree_judge && !['Judge', 'Refree'].includes(user.apply_as),
    },
    upgrade: member && !fullAccess,
    // Asked only while there is something the member can fill on the account page.
    completeProfile: profileGaps(user as unknown as { type: number } & Record<string, unknown>),
    teams: parts?.teams ?? null,
    invitations: parts?.invitations ?? [],
    // A coach with full access registers teams.
    canRegister: user.type === 1 && fullAccess,
    teamsFailed: member && user.teamsAccess && (!parts || parts.failed.includes('teams')),
    achievements: parts?.achievements ?? [],
    posts: parts?.posts ?? [],
    event: (parts?.event ?? null) as HomeEvent | null,
    announcements: parts?.announcements ?? [],
    courses: courseList ?? [],
    serverNow: Date.now(),
  };
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="mt-3">
      <div className="row row-between mb-1">
        <h2 className="t-h6">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

const ROLE_KEYS = { 0: 'home.role_student', 1: 'home.role_coach', 2: 'home.role_entity' } as const;

export default function Home() {
  const {
    user,
    upgrade,
    completeProfile,
    courses,
    teams,
    teamsFailed,
    invitations,
    canRegister,
    achievements,
    posts,
    event,
    announcements,
    serverNow,
  } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const roleKey = ROLE_KEYS[user.type as 0 | 1 | 2];
  return (
    <div className="container container-lg page">
      <div className="grid md-main-aside gap-3">
        <div className="min-0">
          <Card>
            <CardBody>
              <div className="row gap-2">
                <Avatar src={user.picture} name={user.name} alt="" size="large" color="secondary" />
                <div className="min-0">
                  <h1 className="t-h5">
                    <Isolated k="home.welcome" values={{ name: user.name }} />
                  </h1>
                  <div className="row wrap gap-1 mt-1">
                    <Chip
                      size="small"
                      color={user.active ? 'success' : 'default'}
                      variant={user.active ? 'filled' : 'outlined'}
                      label={user.active ? t('home.active') : t('home.inactive')}
                    />
                    {roleKey && <Chip size="small" variant="outlined" label={t(roleKey)} />}
                  </div>
                  <p className="muted mt-1">
                    {user.type === 2 ? (
                      <Isolated k="home.email" values={{ email: user.email ?? '' }} ltr={['email']} />
                    ) : (
                      <Isolated k="home.national_id" values={{ id: user.national_id ?? '' }} ltr={['id']} />
                    )}
                  </p>
                </div>
              </div>
            </CardBody>
          </Card>
          {user.invite && (
            <Card className="mt-2">
              <CardBody>
                <h2 className="t-h6">{t('judge.invite_title')}</h2>
                <p className="muted mb-1">{t('judge.invite_text')}</p>
                <ButtonLink to="/judges/apply" variant="outlined">
                  {t('judge.apply')}
                </ButtonLink>
              </CardBody>
            </Card>
          )}
          {completeProfile.length > 0 && (
            <Alert
              // A standing prompt, not an urgent alert.
              role="status"
              severity="warning"
              className="mt-2"
              action={
                <ButtonLink to="/accounts?tab=profile" color="inherit" size="small">
                  {t('home.complete_action')}
                </ButtonLink>
              }
            >
              {t('ui.complete_profile', { fields: completeProfile.map((k) => t(k)).join(lang === 'ar' ? '، ' : ', ') })}
            </Alert>
          )}
          {upgrade && <UpgradePrompt className="mt-2" />}
          {invitations.length > 0 && (
            <Section title={t('invitations.title')}>
              <ul className="stack gap-2 plain-list">
                {invitations.map((inv) => (
                  <Card as="li" key={inv._id} variant="outlined" data-invitation={inv.team.team_no}>
                    <CardBody>
                      <h3 className="t-subtitle">
                        <bdi>{inv.team.name}</bdi>
                      </h3>
                      <p className="t-body2 muted">
                        <bdi dir="ltr">{inv.team.team_no}</bdi> ·{' '}
                        {localized(lang, inv.team.competion.name, inv.team.competion.name_en)} ·{' '}
                        {localized(lang, inv.team.season.name, inv.team.season.name_en)}
                      </p>
                      <p className="t-body2 my-2">
                        <Isolated
                          k={`invitations.as_${inv.role}`}
                          values={{ coaches: inv.team.coaches.map((c) => c.name).join(lang === 'ar' ? '، ' : ', ') }}
                        />
                      </p>
                      {inv.team.members && inv.team.members.length > 0 && (
                        <p className="t-body2 mb-2" data-students>
                          {t('invitations.students')}:{' '}
                          {inv.team.members.map((m, i) => (
                            <Fragment key={i}>
                              {i > 0 && (lang === 'ar' ? '، ' : ', ')}
                              <bdi>{m.name}</bdi>
                            </Fragment>
                          ))}
                        </p>
                      )}
                      <Form method="post" action={`/team-invitations/${inv._id}`} className="row">
                        <SubmitButton variant="contained" name="intent" value="accept">
                          {t(inv.role === 'entity' ? 'invitations.confirm' : 'invitations.accept')}
                        </SubmitButton>
                        <SubmitButton variant="outlined" color="inherit" name="intent" value="decline">
                          {t('invitations.decline')}
                        </SubmitButton>
                      </Form>
                    </CardBody>
                  </Card>
                ))}
              </ul>
            </Section>
          )}
          {canRegister && (
            <Alert
              role="status"
              severity="info"
              className="mt-2"
              action={
                <ButtonLink to="/teams/register" color="inherit" size="small">
                  {t('register.title')}
                </ButtonLink>
              }
            >
              {t('invitations.register_hint')}
            </Alert>
          )}
          {teams && (
            <Section title={t('home.teams')} action={<Link to="/accounts?tab=myteams">{t('home.all_teams')}</Link>}>
              <TeamList teams={teams} />
            </Section>
          )}
          {teamsFailed && (
            <Alert severity="warning" className="mt-3">
              {t('home.teams_failed')}
            </Alert>
          )}
          {achievements.length > 0 && (
            <Section title={t('home.achievements')}>
              <Carousel label={t('home.achievements')} items="quarter">
                {achievements.map((a) => (
                  <AchievementCard key={a._id} achievement={a} />
                ))}
              </Carousel>
            </Section>
          )}
          {posts.length > 0 && (
            <Section title={t('home.articles')} action={<Link to="/blogs/">{t('home.all_articles')}</Link>}>
              <Carousel label={t('home.articles')} items="wide">
                {posts.map((p) => (
                  <PostCard key={p._id} post={p} />
                ))}
              </Carousel>
            </Section>
          )}
          {courses.length > 0 && (
            <Section title={t('home.courses')}>
              <Carousel label={t('home.courses')} items="third">
                {courses.map((c) => (
                  <Card key={c.id}>
                    <a href={c.url} target="_blank" rel="noopener noreferrer" className="card-link">
                      <img className="card-media" src={c.image} alt="" loading="lazy" />
                      <CardBody>
                        <h3 className="t-subtitle">{c.name}</h3>
                        {c.description && <p className="t-body2 muted">{c.description}</p>}
                      </CardBody>
                    </a>
                  </Card>
                ))}
              </Carousel>
            </Section>
          )}
        </div>
        <aside className="min-0">
          {event && (
            <Card className="mb-3">
              <CardBody>
                <p className="t-overline muted">{t('home.next_event')}</p>
                <h2 className="t-h6 gutter">{localized(lang, event.name, event.name_en)}</h2>
                <Countdown target={event.event_date} serverNow={serverNow} />
                <p className="t-body2 muted mt-1 t-pre-line">
                  {localized(lang, event.description, event.description_en)}
                </p>
                {event.link && (
                  <ButtonLink href={event.link} variant="contained" fullWidth className="mt-1">
                    {t('home.apply')}
                  </ButtonLink>
                )}
              </CardBody>
            </Card>
          )}
          <Card>
            <CardBody>
              <h2 className="t-h6 gutter">{t('home.announcements')}</h2>
              {announcements.length === 0 ? (
                <p className="muted">{t('home.no_announcements')}</p>
              ) : (
                <ul className="stack gap-1 plain-list">
                  {announcements.map((a) => (
                    <li key={a._id}>
                      {a.link ? (
                        <a href={a.link}>{localized(lang, a.name, a.name_en)}</a>
                      ) : (
                        localized(lang, a.name, a.name_en)
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </aside>
      </div>
    </div>
  );
}

import { isMemberType, type TeamInvitationView } from '@platform/contract';
import {
  Alert,
  CardActionArea,
  CardMedia,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Grid,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AchievementCard, type Achievement } from '~/components/AchievementCard';
import { Carousel } from '~/components/Carousel';
import { Countdown } from '~/components/Countdown';
import { PostCard } from '~/components/PostCard';
import { SubmitButton } from '~/components/SubmitButton';
import { TeamCard, type Team } from '~/components/TeamCard';
import { useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { getLang, getSession } from '~/utils/session.server';
import { localized, type ApiEvent, type Post } from '~/utils/posts';
import { profileGaps } from '~/utils/profile';
import { Isolated } from '~/components/Isolated';

/** The home page's next event always has a date (the API picks it among events to come). */
type HomeEvent = ApiEvent & { event_date: string };
interface Course {
  id: number;
  name: string;
  url: string;
  image: string;
  description: string;
}
interface Announcement {
  _id: string;
  name: string;
  name_en: string;
  link: string;
}

/** Everything the dashboard shows, fetched in parallel; a part that fails leaves the rest working. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Every call starts at once, beside the session check (no waterfall): the token and language come
  // from the cookies, and what the member may not see is dropped below, not asked for later. The
  // API checks access on each call anyway.
  const [session, cookieLang] = await Promise.all([getSession(request), getLang(request)]);
  if (!session.has('token')) await requireUser(request); // signed out: to join-us, nothing asked
  const early = <T,>(path: string) => {
    const pending = api<T>(request, path, { token: session.get('token'), lang: cookieLang });
    pending.catch(() => undefined); // awaited below, or dropped when the guard redirects
    return pending;
  };
  const calls = {
    teams: early<{ teams: Team[] }>('/wro/get-teams?top=2'),
    invitations: early<{ invitations: TeamInvitationView[] }>('/team-invitations'),
    achievements: early<{ achievements: Achievement[] }>('/achievements?limit=12'),
    posts: early<{ posts: Post[] }>('/posts?home=true&limit=4'),
    board: early<{ announcements: Announcement[]; event: HomeEvent | null }>('/announcements'),
    courses: early<{ courses: Course[] }>(`/courses?lang=${cookieLang}`),
  };
  const { user } = await requireUser(request, ['student', 'coach', 'entity', 'admin', 'sub_admin']);
  // The API's entitlement rule (it refuses the calls without it): asked only when they can answer.
  const fullAccess = user.fullAccess;
  const member = isMemberType(user.type);
  const [teams, invitations, achievements, posts, board, courses] = await Promise.all([
    member && fullAccess ? calls.teams : null,
    member ? calls.invitations : null,
    member && fullAccess ? calls.achievements : null,
    calls.posts,
    calls.board,
    calls.courses,
  ]);
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
    teams: teams?.ok ? teams.data.teams : null,
    invitations: invitations?.ok ? invitations.data.invitations : [],
    // A coach with full access registers teams.
    canRegister: user.type === 1 && fullAccess,
    teamsFailed: teams !== null && !teams.ok,
    achievements: achievements?.ok ? achievements.data.achievements : [],
    posts: posts.ok ? posts.data.posts : [],
    event: board.ok ? board.data.event : null,
    announcements: board.ok ? board.data.announcements : [],
    courses: courses.ok ? courses.data.courses : [],
    serverNow: Date.now(),
  };
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
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
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Avatar
                  src={user.picture ?? undefined}
                  alt=""
                  sx={{ width: 64, height: 64, bgcolor: 'secondary.main', fontSize: 28 }}
                >
                  {user.name.slice(0, 1)}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h5" component="h1">
                    <Isolated k="home.welcome" values={{ name: user.name }} />
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                    <Chip
                      size="small"
                      color={user.active ? 'success' : 'default'}
                      variant={user.active ? 'filled' : 'outlined'}
                      label={user.active ? t('home.active') : t('home.inactive')}
                    />
                    {roleKey && <Chip size="small" variant="outlined" label={t(roleKey)} />}
                  </Stack>
                  <Typography color="text.secondary" sx={{ mt: 1 }}>
                    {user.type === 2 ? (
                      <Isolated k="home.email" values={{ email: user.email ?? '' }} ltr={['email']} />
                    ) : (
                      <Isolated k="home.national_id" values={{ id: user.national_id ?? '' }} ltr={['id']} />
                    )}
                  </Typography>
                </Box>
              </Stack>
            </CardContent>
          </Card>
          {user.invite && (
            <Card sx={{ mt: 2 }}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('judge.invite_title')}
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1 }}>
                  {t('judge.invite_text')}
                </Typography>
                <Button component={Link} to="/judges/apply" variant="outlined">
                  {t('judge.apply')}
                </Button>
              </CardContent>
            </Card>
          )}
          {completeProfile.length > 0 && (
            <Alert
              // A standing prompt, not an urgent alert.
              role="status"
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <Button component={Link} to="/accounts?tab=profile" color="inherit" size="small">
                  {t('home.complete_action')}
                </Button>
              }
            >
              {t('ui.complete_profile', { fields: completeProfile.map((k) => t(k)).join(lang === 'ar' ? '، ' : ', ') })}
            </Alert>
          )}
          {upgrade && (
            <Alert
              severity="info"
              sx={{ mt: 2 }}
              action={
                <Button component={Link} to="/subcription/package" color="inherit" size="small">
                  {t('home.upgrade_action')}
                </Button>
              }
            >
              {t('home.upgrade')}
            </Alert>
          )}
          {invitations.length > 0 && (
            <Section title={t('invitations.title')}>
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                {invitations.map((inv) => (
                  <Card component="li" key={inv._id} variant="outlined" data-invitation={inv.team.team_no}>
                    <CardContent>
                      <Typography variant="subtitle1" component="h3">
                        <bdi>{inv.team.name}</bdi>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <bdi dir="ltr">{inv.team.team_no}</bdi> ·{' '}
                        {localized(lang, inv.team.competion.name, inv.team.competion.name_en)} ·{' '}
                        {localized(lang, inv.team.season.name, inv.team.season.name_en)}
                      </Typography>
                      <Typography variant="body2" sx={{ my: 1 }}>
                        <Isolated
                          k={`invitations.as_${inv.role}`}
                          values={{ coaches: inv.team.coaches.map((c) => c.name).join(lang === 'ar' ? '، ' : ', ') }}
                        />
                      </Typography>
                      <Form method="post" action={`/team-invitations/${inv._id}`}>
                        <Stack direction="row" spacing={1}>
                          <SubmitButton variant="contained" name="intent" value="accept">
                            {t(inv.role === 'entity' ? 'invitations.confirm' : 'invitations.accept')}
                          </SubmitButton>
                          <SubmitButton variant="outlined" color="inherit" name="intent" value="decline">
                            {t('invitations.decline')}
                          </SubmitButton>
                        </Stack>
                      </Form>
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            </Section>
          )}
          {canRegister && (
            <Alert
              severity="info"
              sx={{ mt: 2 }}
              action={
                <Button component={Link} to="/teams/register" color="inherit" size="small">
                  {t('register.title')}
                </Button>
              }
            >
              {t('invitations.register_hint')}
            </Alert>
          )}
          {teams && (
            <Section
              title={t('home.teams')}
              action={
                <MuiLink component={Link} to="/accounts?tab=myteams">
                  {t('home.all_teams')}
                </MuiLink>
              }
            >
              {teams.length === 0 ? (
                <Typography color="text.secondary">{t('account.teams_empty')}</Typography>
              ) : (
                <Grid container spacing={2}>
                  {teams.map((team) => (
                    <Grid key={team._id} size={{ xs: 12, sm: 6 }}>
                      <TeamCard team={team} />
                    </Grid>
                  ))}
                </Grid>
              )}
            </Section>
          )}
          {teamsFailed && (
            <Alert severity="warning" sx={{ mt: 3 }}>
              {t('home.teams_failed')}
            </Alert>
          )}
          {achievements.length > 0 && (
            <Section title={t('home.achievements')}>
              <Carousel label={t('home.achievements')} width={{ xs: 'calc(50% - 8px)', md: 'calc(25% - 12px)' }}>
                {achievements.map((a) => (
                  <AchievementCard key={a._id} achievement={a} />
                ))}
              </Carousel>
            </Section>
          )}
          {posts.length > 0 && (
            <Section
              title={t('home.articles')}
              action={
                <MuiLink component={Link} to="/blogs/">
                  {t('home.all_articles')}
                </MuiLink>
              }
            >
              <Carousel label={t('home.articles')} width={{ xs: '80%', md: 'calc(40% - 10px)' }}>
                {posts.map((p) => (
                  <PostCard key={p._id} post={p} />
                ))}
              </Carousel>
            </Section>
          )}
          {courses.length > 0 && (
            <Section title={t('home.courses')}>
              <Carousel
                label={t('home.courses')}
                width={{ xs: '70%', sm: 'calc(50% - 8px)', lg: 'calc(33.3% - 11px)' }}
              >
                {courses.map((c) => (
                  <Card key={c.id}>
                    <CardActionArea href={c.url} target="_blank" rel="noopener noreferrer" sx={{ height: '100%' }}>
                      <CardMedia
                        component="img"
                        image={c.image}
                        alt=""
                        loading="lazy"
                        sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
                      />
                      <CardContent>
                        <Typography variant="subtitle1" component="h3">
                          {c.name}
                        </Typography>
                        {c.description && (
                          <Typography variant="body2" color="text.secondary">
                            {c.description}
                          </Typography>
                        )}
                      </CardContent>
                    </CardActionArea>
                  </Card>
                ))}
              </Carousel>
            </Section>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} component="aside">
          {event && (
            <Card sx={{ mb: 3 }}>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {t('home.next_event')}
                </Typography>
                <Typography variant="h6" component="h2" gutterBottom>
                  {localized(lang, event.name, event.name_en)}
                </Typography>
                <Countdown target={event.event_date} serverNow={serverNow} />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
                  {localized(lang, event.description, event.description_en)}
                </Typography>
                {event.link && (
                  <Button href={event.link} variant="contained" fullWidth sx={{ mt: 1 }}>
                    {t('home.apply')}
                  </Button>
                )}
              </CardContent>
            </Card>
          )}
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('home.announcements')}
              </Typography>
              {announcements.length === 0 ? (
                <Typography color="text.secondary">{t('home.no_announcements')}</Typography>
              ) : (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {announcements.map((a) => (
                    <li key={a._id}>
                      {a.link ? (
                        <MuiLink href={a.link}>{localized(lang, a.name, a.name_en)}</MuiLink>
                      ) : (
                        localized(lang, a.name, a.name_en)
                      )}
                    </li>
                  ))}
                </Stack>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Container>
  );
}

import { Avatar, Card, CardContent, Chip, Container, Grid, Stack, Typography } from '@mui/material';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AchievementCard, type Achievement } from '~/components/AchievementCard';
import { useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang } from '~/utils/session.server';

/** An adult's profile has the type and skills; a minor's only the name, picture and achievements. */
type PublicUser = { _id: string; name: string; picture: string | null } & (
  | { type: number; skilles: { _id: string; name: string }[]; achievements?: undefined }
  | { achievements: Achievement[]; type?: undefined; skilles?: undefined }
);

/**
 * A student's or coach's public profile, when the member shows it (a minor's is hidden until turned
 * on in the account settings); any other id is the not-found page, not endless placeholders.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const res = await api<{ user: PublicUser }>(request, '/profile', {
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
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar
              src={user.picture ?? undefined}
              alt=""
              sx={{ width: 80, height: 80, fontSize: 32, bgcolor: 'secondary.main' }}
            >
              {user.name.slice(0, 1)}
            </Avatar>
            <div>
              <Typography variant="h5" component="h1">
                {user.name}
              </Typography>
              {user.type !== undefined && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(user.type === 1 ? 'public_profile.coach' : 'public_profile.student')}
                />
              )}
            </div>
          </Stack>
          {user.achievements ? (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('public_profile.achievements')}
              </Typography>
              {user.achievements.length ? (
                <Grid container spacing={2}>
                  {user.achievements.map((a) => (
                    <Grid key={a._id} size={{ xs: 6, sm: 4 }}>
                      <AchievementCard achievement={a} />
                    </Grid>
                  ))}
                </Grid>
              ) : (
                <Typography color="text.secondary">{t('public_profile.no_achievements')}</Typography>
              )}
            </>
          ) : (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('public_profile.skills')}
              </Typography>
              {user.skilles.length ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {user.skilles.map((s) => (
                    <Chip key={s._id} label={s.name} />
                  ))}
                </Stack>
              ) : (
                <Typography color="text.secondary">{t('public_profile.no_skills')}</Typography>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

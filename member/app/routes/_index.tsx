import { Avatar, Box, Button, Card, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useT } from '~/i18n';
import { requireUser } from '~/utils/auth.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, ['student', 'coach', 'entity', 'admin', 'sub_admin']);
  return {
    user: {
      name: user.name,
      picture: user.picture,
      type: user.type,
      email: user.email,
      national_id: user.national_id,
      active: user.subscriptionValid,
      // The invitation shows only to members who have not applied (spec §4).
      invite: [0, 1, 2].includes(user.type) && !user.refree_judge && user.apply_as === 'None',
    },
  };
}

const ROLE_KEYS = { 0: 'home.role_student', 1: 'home.role_coach', 2: 'home.role_entity' } as const;

export default function Home() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useT();
  const roleKey = ROLE_KEYS[user.type as 0 | 1 | 2];
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
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
                {t('home.welcome', { name: user.name })}
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
                  t('home.email', { email: user.email ?? '' })
                ) : (
                  <>
                    {t('home.national_id', { id: '' })}
                    <bdi>{user.national_id}</bdi>
                  </>
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
    </Container>
  );
}

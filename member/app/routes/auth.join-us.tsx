import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Chip,
  Container,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { useT } from '~/i18n';

export async function loader(_: LoaderFunctionArgs) {
  return null;
}

function RoleCard({
  to,
  signIn,
  title,
  text,
  disabledLabel,
  selected = false,
}: {
  /** Where the card leads (a role's sign-up, or the individual roles). */
  to?: string;
  /** The role's sign-in, as a link under the card. */
  signIn?: string;
  title: string;
  text: string;
  disabledLabel?: string;
  selected?: boolean;
}) {
  const { t } = useT();
  const content = (
    <CardContent sx={{ minHeight: 120 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title} {disabledLabel && <Chip size="small" label={disabledLabel} sx={{ mx: 1 }} />}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        opacity: to ? 1 : 0.6,
        ...(selected && { borderColor: 'primary.main', borderWidth: 2 }),
      }}
      aria-disabled={!to}
    >
      {to ? (
        <CardActionArea
          component={Link}
          to={to}
          preventScrollReset
          aria-current={selected ? 'true' : undefined}
          sx={{ flex: 1 }}
        >
          {content}
        </CardActionArea>
      ) : (
        content
      )}
      {signIn && (
        <CardActions sx={{ borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t('signup.have_account')}
          </Typography>
          <Button component={Link} to={signIn} size="small" aria-label={`${t('join.sign_in')}: ${title}`}>
            {t('join.sign_in')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * The role chooser. Individual reveals the individual roles through the URL, so it works without
 * JavaScript. Each role's card leads to its sign-up, with its sign-in beside; members who already
 * have an account pick their role's sign-in at the bottom.
 */
export default function JoinUs() {
  const { t, m } = useT();
  const [params] = useSearchParams();
  const individual = params.get('kind') === 'individual';
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('join.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('join.subtitle')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RoleCard
            to="/auth/join-us?kind=individual"
            selected={individual}
            title={t('join.individual')}
            text={t('join.individual_desc')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <RoleCard
            to="/entity/signup/"
            signIn="/entity/signin/"
            title={t('join.entity')}
            text={t('join.entity_desc')}
          />
        </Grid>
      </Grid>
      {individual && (
        <Grid container spacing={2} sx={{ mt: 1 }} component="section" aria-label={t('join.individual')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RoleCard
              to="/student/signup/"
              signIn="/student/signin/"
              title={t('join.student')}
              text={t('join.student_desc')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RoleCard to="/coach/signup/" signIn="/coach/signin/" title={t('join.coach')} text={t('join.coach_desc')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RoleCard
              title={t('join.researcher')}
              text={t('join.researcher_desc')}
              disabledLabel={t('join.coming_soon')}
            />
          </Grid>
        </Grid>
      )}
      <Box
        component="details"
        sx={{ mt: 4, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
      >
        <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
          {t('join.how_to')}
        </Box>
        <Box component="ol" sx={{ mb: 0 }}>
          {m.join.how_steps.map((step) => (
            <li key={step}>
              <Typography>{step}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="join-sign-in" sx={{ mt: 3 }}>
        <Typography id="join-sign-in" sx={{ mb: 1 }}>
          {t('join.have_account')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" component={Link} to="/student/signin/">
            {t('join.student')}
          </Button>
          <Button variant="outlined" component={Link} to="/coach/signin/">
            {t('join.coach')}
          </Button>
          <Button variant="outlined" component={Link} to="/entity/signin/">
            {t('join.entity')}
          </Button>
        </Stack>
      </Box>
    </Container>
  );
}

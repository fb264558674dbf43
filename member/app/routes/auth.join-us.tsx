import { Box, Button, Card, CardActionArea, CardContent, Chip, Container, Grid, Typography } from '@mui/material';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { useT } from '~/i18n';

export async function loader(_: LoaderFunctionArgs) {
  return null;
}

function RoleCard({
  to,
  title,
  text,
  disabledLabel,
  selected = false,
}: {
  to?: string;
  title: string;
  text: string;
  disabledLabel?: string;
  selected?: boolean;
}) {
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
      sx={{ height: '100%', opacity: to ? 1 : 0.6, ...(selected && { borderColor: 'primary.main', borderWidth: 2 }) }}
      aria-disabled={!to}
    >
      {to ? (
        <CardActionArea
          component={Link}
          to={to}
          preventScrollReset
          aria-current={selected ? 'true' : undefined}
          sx={{ height: '100%' }}
        >
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** The role chooser. Individual reveals the individual roles through the URL, so it works without JavaScript. */
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
          <RoleCard to="/entity/signin/" title={t('join.entity')} text={t('join.entity_desc')} />
        </Grid>
      </Grid>
      {individual && (
        <Grid container spacing={2} sx={{ mt: 1 }} component="section" aria-label={t('join.individual')}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RoleCard to="/student/signin/" title={t('join.student')} text={t('join.student_desc')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <RoleCard to="/coach/signin/" title={t('join.coach')} text={t('join.coach_desc')} />
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
      {!individual && (
        <Box sx={{ mt: 3 }}>
          <Button component={Link} to="/student/signin/">
            {t('join.sign_in')}
          </Button>
        </Box>
      )}
    </Container>
  );
}

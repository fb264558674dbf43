import { Button, Card, CardActions, CardContent, Container, Grid, Typography } from '@mui/material';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { formatDay, localized, type ApiEvent } from '~/utils/posts';
import { getLang } from '~/utils/session.server';

/** The competitions (events) staff switched on: those to come, soonest first, then the past ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const res = await api<{ upcoming: ApiEvent[]; past: ApiEvent[] }>(request, '/events', { lang });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  return { upcoming: res.data.upcoming, past: res.data.past };
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return [{ title: `${translate(lang, 'competitions.title')} · ${translate(lang, 'brand')}` }];
};

function CompetitionCard({ event, open }: { event: ApiEvent; open: boolean }) {
  const { t, lang } = useT();
  const name = localized(lang, event.name, event.name_en);
  const description = localized(lang, event.description, event.description_en);
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" gutterBottom>
          {name}
        </Typography>
        {event.event_date && (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            <time dateTime={event.event_date}>{formatDay(event.event_date, lang)}</time>
          </Typography>
        )}
        {description && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {description}
          </Typography>
        )}
      </CardContent>
      {open && event.link && (
        <CardActions>
          <Button href={event.link} variant="contained" aria-label={t('competitions.apply_to', { name })}>
            {t('competitions.apply')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

export default function Competitions() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  const { t } = useT();
  const section = (title: string, empty: string, list: ApiEvent[], open: boolean) => (
    <section>
      <Typography variant="h5" component="h2" sx={{ mt: 4, mb: 2 }}>
        {title}
      </Typography>
      {list.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Grid container spacing={2}>
          {list.map((event) => (
            <Grid key={event._id} size={{ xs: 12, sm: 6, md: 4 }}>
              <CompetitionCard event={event} open={open} />
            </Grid>
          ))}
        </Grid>
      )}
    </section>
  );
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1">
        {t('competitions.title')}
      </Typography>
      {section(t('competitions.upcoming'), t('competitions.none_upcoming'), upcoming, true)}
      {section(t('competitions.past'), t('competitions.none_past'), past, false)}
    </Container>
  );
}

import type { EventView, PublicCompetitionView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';
import { Card, CardActions, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { rulesText, venueOf } from '~/utils/results';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * The season's competitions with their rules and event days (results and live leaderboards linked),
 * then the events staff switched on: those to come, soonest first, then the past ones.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const [res, comps] = await Promise.all([
    api<{ upcoming: EventView[]; past: EventView[] }>(request, '/events', { lang }),
    api<{ competitions: PublicCompetitionView[] }>(request, '/public/competitions', { lang }),
  ]);
  if (!res.ok || !comps.ok) throw new Response('Unavailable', { status: 503 });
  return { upcoming: res.data.upcoming, past: res.data.past, competitions: comps.data.competitions };
}

/** One competition of the season: its rules, its event days with their leaderboards, and its results page. */
function SeasonCompetition({ competition }: { competition: PublicCompetitionView }) {
  const { t, lang } = useT();
  const name = localized(lang, competition.name, competition.name_en);
  return (
    <Card as="article" fill className="card-flex">
      <CardBody className="grow">
        <h3 className="t-h6 gutter">{name}</h3>
        <p className="t-body2 gutter">{rulesText(competition.rules, lang)}</p>
        {competition.event_days.length === 0 ? (
          <p className="t-body2 muted">{t('results.no_event_days')}</p>
        ) : (
          <ul className="stack gap-1 t-body2">
            {competition.event_days.map((d) => (
              <li key={d.id}>
                <time dateTime={d.event_date}>{formatDay(d.event_date, lang)}</time> · <bdi>{venueOf(d, lang)}</bdi>
                {lang === 'ar' ? '، ' : ', '}
                <bdi>{d.venue_city}</bdi>
                {' · '}
                <Link to={`/events/${d.id}`}>{t('results.leaderboard')}</Link>
                {d.map_url && (
                  <>
                    {' · '}
                    <a href={d.map_url} rel="noopener noreferrer" target="_blank">
                      {t('results.map')}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      <CardActions>
        <ButtonLink to={`/competitions/${competition.id}`} variant="outlined" aria-label={t('results.title', { name })}>
          {t('results.results')}
        </ButtonLink>
      </CardActions>
    </Card>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'competitions.title')} · ${translate(lang, 'brand')}` }]);
};

function CompetitionCard({ event, open }: { event: EventView; open: boolean }) {
  const { t, lang } = useT();
  const name = localized(lang, event.name, event.name_en);
  const description = localized(lang, event.description, event.description_en);
  return (
    <Card as="article" fill className="card-flex">
      <CardBody className="grow">
        <h3 className="t-h6 gutter">{name}</h3>
        {event.event_date && (
          <p className="t-body2 muted gutter">
            <time dateTime={event.event_date}>{formatDay(event.event_date, lang)}</time>
          </p>
        )}
        {description && <p className="t-body2 t-pre-line">{description}</p>}
      </CardBody>
      {open && event.link && (
        <CardActions>
          <ButtonLink href={event.link} variant="contained" aria-label={t('competitions.apply_to', { name })}>
            {t('competitions.apply')}
          </ButtonLink>
        </CardActions>
      )}
    </Card>
  );
}

export default function Competitions() {
  const { upcoming, past, competitions } = useLoaderData<typeof loader>();
  const { t } = useT();
  const section = (title: string, empty: string, list: EventView[], open: boolean) => (
    <section>
      <h2 className="t-h5 mt-4 mb-2">{title}</h2>
      {list.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="grid sm-2 md-3">
          {list.map((event) => (
            <CompetitionCard key={event._id} event={event} open={open} />
          ))}
        </div>
      )}
    </section>
  );
  return (
    <div className="container container-lg page">
      <h1 className="t-h4">{t('competitions.title')}</h1>
      <section>
        <h2 className="t-h5 mt-4 mb-2">{t('results.competitions_title')}</h2>
        {competitions.length === 0 ? (
          <p className="muted">{t('results.no_competitions')}</p>
        ) : (
          <div className="grid sm-2 md-3">
            {competitions.map((c) => (
              <SeasonCompetition key={c.id} competition={c} />
            ))}
          </div>
        )}
      </section>
      {section(t('competitions.upcoming'), t('competitions.none_upcoming'), upcoming, true)}
      {section(t('competitions.past'), t('competitions.none_past'), past, false)}
    </div>
  );
}

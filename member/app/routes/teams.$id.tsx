import type { PublicTeamView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Fragment } from 'react';
import { translate, useT } from '~/i18n';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { shareMeta, venueOf } from '~/utils/results';
import { getLang } from '~/utils/session.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A team's public page (linked from the results): its name and number, school, coaches' names and
 * results, in the page's language. Nothing about its students: no name, ID, phone or birth date.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  if (!UUID.test(params.id ?? '')) throw new Response('Not Found', { status: 404 });
  const res = await api<{ team: PublicTeamView }>(request, `/public/teams/${params.id}`, { lang });
  if (res.status === 404) throw new Response('Not Found', { status: 404 });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const team = res.data.team;
  const name = team.name ?? team.team_no;
  return {
    team,
    share: {
      title: `${translate(lang, 'results.team_title', { name })} · ${translate(lang, 'brand')}`,
      description: translate(lang, 'results.team_description', {
        name,
        team_no: team.team_no,
        competition: localized(lang, team.competition.name, team.competition.name_en),
        season: localized(lang, team.season.name, team.season.name_en),
      }),
      url: `${new URL(request.url).origin}/teams/${team.id}`,
      lang,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? shareMeta(data.share) : []);

export default function PublicTeam() {
  const { team } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const competition = localized(lang, team.competition.name, team.competition.name_en);
  const sep = lang === 'ar' ? '، ' : ', ';
  return (
    <div className="container container-md page stack gap-3">
      <div>
        <h1 className="t-h4 gutter">
          <bdi>{team.name ?? team.team_no}</bdi>
        </h1>
        <p className="t-body1 muted">
          {team.name && (
            <>
              <bdi dir="ltr">{team.team_no}</bdi> ·{' '}
            </>
          )}
          <Link to={`/competitions/${team.competition.id}`}>{competition}</Link> ·{' '}
          {localized(lang, team.season.name, team.season.name_en)}
        </p>
      </div>
      <dl className="team-facts">
        {team.school && (
          <>
            <dt>{t('results.school')}</dt>
            <dd>
              <bdi>{team.school}</bdi>
            </dd>
          </>
        )}
        {team.coaches.length > 0 && (
          <>
            <dt>{t('results.coaches')}</dt>
            <dd>
              {team.coaches.map((c, i) => (
                <Fragment key={i}>
                  {i > 0 && sep}
                  <bdi>{c}</bdi>
                </Fragment>
              ))}
            </dd>
          </>
        )}
        {team.result && (
          <>
            <dt>{t('results.season_result')}</dt>
            <dd data-result>
              {t('teams.rank')}: <strong className="t-tabular">{team.result.ranked}</strong> · {t('teams.score')}:{' '}
              <strong className="t-tabular">{team.result.score}</strong>
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="team-events" className="stack gap-2">
        <h2 id="team-events" className="t-h5">
          {t('results.team_events')}
        </h2>
        {team.events.map((e) => (
          <Card key={e.event.id} variant="outlined">
            <CardBody>
              <div className="row row-between wrap">
                <h3 className="t-h6">
                  <bdi>{venueOf(e.event, lang)}</bdi> ·{' '}
                  <time dateTime={e.event.event_date}>{formatDay(e.event.event_date, lang)}</time>
                </h3>
                <Link to={`/events/${e.event.id}`}>{t('results.leaderboard')}</Link>
              </div>
              <p className="my-1" data-event-rank={e.rank ?? ''}>
                {e.rank !== null ? (
                  <>
                    {t('results.rank')}: <strong className="t-tabular">{e.rank}</strong> · {t('results.score')}:{' '}
                    <strong className="t-tabular">{e.score}</strong>
                    {e.event.published && (
                      <>
                        {' '}
                        <Chip size="small" label={t('results.final')} />
                      </>
                    )}
                  </>
                ) : (
                  <span className="muted">{t('results.not_ranked')}</span>
                )}
              </p>
              {e.awards.length > 0 && (
                <ul className="stack gap-1">
                  {e.awards.map((a) => (
                    <li key={a.id} className="t-strong">
                      {localized(lang, a.name, a.name_en)}
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        ))}
      </section>
    </div>
  );
}

import type { LeaderboardView, RankingRules } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AwardsList, StandingsTable } from '~/components/Leaderboard';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { rulesText, shareMeta, venueOf } from '~/utils/results';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Results = {
  competition: { id: string; name: string; name_en: string; rules: RankingRules };
  event_days: LeaderboardView[];
};

/** A competition's public results: each event day's ranking with scores per round, awards and advancing teams. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  if (!UUID.test(params.id ?? '')) throw new Response('Not Found', { status: 404 });
  const res = await api<Results>(request, `/public/competitions/${params.id}`, { lang });
  if (res.status === 404) throw new Response('Not Found', { status: 404 });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const { competition, event_days } = res.data;
  const name = localized(lang, competition.name, competition.name_en);
  return {
    competition,
    eventDays: event_days,
    share: {
      title: `${translate(lang, 'results.title', { name })} · ${translate(lang, 'brand')}`,
      description: translate(lang, 'results.description', { name }),
      url: `${new URL(request.url).origin}/competitions/${competition.id}`,
      lang,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  withSite(matches, data ? shareMeta(data.share) : []);

export default function CompetitionResults() {
  const { competition, eventDays } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const name = localized(lang, competition.name, competition.name_en);
  return (
    <div className="container container-lg page">
      <h1 className="t-h4 gutter">{t('results.title', { name })}</h1>
      <p className="t-body2 muted">{rulesText(competition.rules, lang)}</p>
      {eventDays.length === 0 && <p className="mt-4 muted">{t('results.no_results')}</p>}
      {eventDays.map((board) => {
        const heading = `${venueOf(board, lang)} · ${formatDay(board.event_date, lang)}`;
        return (
          <section key={board.id} className="mt-4" aria-labelledby={`day-${board.id}`}>
            <div className="row row-between wrap mb-2">
              <h2 className="t-h5" id={`day-${board.id}`}>
                <bdi>{venueOf(board, lang)}</bdi> ·{' '}
                <time dateTime={board.event_date}>{formatDay(board.event_date, lang)}</time>
              </h2>
              <Link to={`/events/${board.id}`}>{t('results.leaderboard')}</Link>
            </div>
            <StandingsTable board={board} caption={heading} />
            <div className="mt-4">
              <AwardsList board={board} />
            </div>
          </section>
        );
      })}
    </div>
  );
}

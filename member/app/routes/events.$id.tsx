import type { LeaderboardView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AwardsList, StandingsTable } from '~/components/Leaderboard';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { boardTitle, shareMeta } from '~/utils/results';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event day's public leaderboard: the ranking as it stands, then kept current by server-sent events. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  if (!UUID.test(params.id ?? '')) throw new Response('Not Found', { status: 404 });
  const res = await api<LeaderboardView>(request, `/public/events/${params.id}`, { lang });
  if (res.status === 404) throw new Response('Not Found', { status: 404 });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const board = res.data;
  const name = localized(lang, board.competition, board.competition_en);
  return {
    board,
    share: {
      title: `${translate(lang, 'results.leaderboard')}: ${boardTitle(board, lang)}`,
      description: translate(lang, 'results.board_description', {
        name,
        venue: board.venue_name,
        date: formatDay(board.event_date, lang),
      }),
      url: `${new URL(request.url).origin}/events/${board.id}`,
      lang,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  withSite(matches, data ? shareMeta(data.share) : []);

/** The standings pushed by the server: replaced at each `standings` event; the browser reconnects by itself. */
function useLiveBoard(initial: LeaderboardView) {
  const [board, setBoard] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setBoard(initial);
    const source = new EventSource(`/events/${initial.id}/stream`);
    source.addEventListener('open', () => setLive(true));
    source.addEventListener('error', () => setLive(false));
    source.addEventListener('standings', (e) => {
      setBoard(JSON.parse((e as MessageEvent<string>).data) as LeaderboardView);
      setLive(true);
    });
    return () => source.close();
  }, [initial]);
  return { board, live };
}

export default function EventBoard() {
  const { board: initial } = useLoaderData<typeof loader>();
  const { board, live } = useLiveBoard(initial);
  const { t, lang } = useT();
  const [search] = useSearchParams();
  const tv = search.get('tv') === '1';
  const name = localized(lang, board.competition, board.competition_en);
  return (
    <div className={`container container-lg page${tv ? ' board-tv' : ''}`}>
      <h1 className="t-h4 gutter">{name}</h1>
      <p className="muted gutter">
        <bdi>{board.venue_name}</bdi>
        {lang === 'ar' ? '، ' : ', '}
        <bdi>{board.venue_city}</bdi> · <time dateTime={board.event_date}>{formatDay(board.event_date, lang)}</time>
      </p>
      <div className="row row-between wrap mb-2">
        <p role="status" className="t-body2">
          <span className={`live-dot${live ? '' : ' off'}`} aria-hidden="true" />
          {board.published ? t('results.final') : live ? t('results.live') : t('results.reconnecting')}
        </p>
        <Link to={tv ? `/events/${board.id}` : `/events/${board.id}?tv=1`} className="btn btn-text">
          {tv ? t('results.normal_mode') : t('results.tv_mode')}
        </Link>
      </div>
      <StandingsTable board={board} caption={`${t('results.leaderboard')}: ${name}`} />
      <div className="mt-4">
        <AwardsList board={board} />
      </div>
    </div>
  );
}

import type { LeaderboardView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AwardsList, StandingsTable } from '~/components/Leaderboard';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { boardTitle, shareMeta, venueOf } from '~/utils/results';
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
        venue: venueOf(board, lang),
        date: formatDay(board.event_date, lang),
      }),
      url: `${new URL(request.url).origin}/events/${board.id}`,
      lang,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  withSite(matches, data ? shareMeta(data.share) : []);

/**
 * The standings pushed by the server: replaced at each `standings` event. The browser reconnects by
 * itself after a dropped connection; a refused one (the API's cap on live viewers answers 503) closes
 * the EventSource for good, so the page opens a new one later, at a random moment within 15–30
 * seconds so that a full hall does not come back all at once. The standings shown stay meanwhile.
 */
function useLiveBoard(initial: LeaderboardView) {
  const [board, setBoard] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setBoard(initial);
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const current = new EventSource(`/events/${initial.id}/stream`);
      source = current;
      current.addEventListener('open', () => setLive(true));
      current.addEventListener('error', () => {
        setLive(false);
        if (current.readyState === EventSource.CLOSED) timer = setTimeout(open, 15_000 + Math.random() * 15_000);
      });
      current.addEventListener('standings', (e) => {
        setBoard(JSON.parse((e as MessageEvent<string>).data) as LeaderboardView);
        setLive(true);
      });
    };
    open();
    return () => {
      if (timer) clearTimeout(timer);
      source?.close();
    };
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
        <bdi>{venueOf(board, lang)}</bdi>
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

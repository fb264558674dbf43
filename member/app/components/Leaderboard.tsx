import type { LeaderboardView } from '@platform/contract';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { localized } from '~/utils/posts';

const MEDALS: Record<number, string> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/** The ranking table of an event day: rank, team, score and (best-of rules) each round and the tie-breaking time. */
export function StandingsTable({ board, caption }: { board: LeaderboardView; caption: string }) {
  const { t } = useT();
  const timed = board.rules.kind === 'best_of' && board.rules.timed;
  const perRound = board.rules.kind === 'best_of' && board.rounds.length > 1;
  if (!board.standings.length) return <p className="muted">{t('results.no_results')}</p>;
  return (
    // Focusable, so a keyboard can scroll a wide table on a phone.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="table leaderboard">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('results.rank')}</th>
            <th scope="col">{t('results.team')}</th>
            <th scope="col">{t('results.score')}</th>
            {perRound &&
              board.rounds.map((r) => (
                <th scope="col" key={r.number}>
                  {t('results.round', { n: r.number })}
                </th>
              ))}
            {timed && <th scope="col">{t('results.time')}</th>}
          </tr>
        </thead>
        <tbody>
          {board.standings.map((s) => (
            <tr
              key={s.team_id}
              data-team={s.team_no}
              className={s.rank && MEDALS[s.rank] ? `rank-${MEDALS[s.rank]}` : undefined}
            >
              <td className="t-tabular t-strong">{s.rank ?? '—'}</td>
              <th scope="row">
                {/* The team's public page: its school, coaches and results. */}
                <Link to={`/teams/${s.team_id}`} className="team-link">
                  <bdi className="t-tabular nowrap">{s.team_no}</bdi> <bdi>{s.name ?? ''}</bdi>
                </Link>
              </th>
              <td className="t-tabular">{s.score ?? <span className="muted">{t('results.not_ranked')}</span>}</td>
              {perRound &&
                s.rounds.map((v, i) => (
                  <td className="t-tabular" key={i}>
                    {v ?? '—'}
                  </td>
                ))}
              {timed && <td className="t-tabular">{s.time ?? '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The awards of an event day (places, special awards) and the teams advancing. */
export function AwardsList({ board }: { board: LeaderboardView }) {
  const { t, lang } = useT();
  const awards = board.awards.filter((a) => a.kind !== 'advance');
  const advancing = board.awards.filter((a) => a.kind === 'advance');
  const item = (a: LeaderboardView['awards'][number], i: number) => (
    <li key={i}>
      <span className="t-strong">{localized(lang, a.name, a.name_en)}</span>
      {': '}
      <bdi className="t-tabular">{a.team_no}</bdi> <bdi>{a.team_name ?? ''}</bdi>
    </li>
  );
  return (
    <div className="grid sm-2">
      <section>
        <h3 className="t-h6 mb-2">{t('results.awards')}</h3>
        {awards.length ? (
          <ul className="stack gap-1">{awards.map(item)}</ul>
        ) : (
          <p className="muted">{t('results.no_awards')}</p>
        )}
      </section>
      {advancing.length > 0 && (
        <section>
          <h3 className="t-h6 mb-2">{t('results.advancing')}</h3>
          <ul className="stack gap-1">{advancing.map(item)}</ul>
        </section>
      )}
    </div>
  );
}

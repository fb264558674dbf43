import { toAsciiDigits } from './digits.js';

/**
 * The competition day (issue 32): how a competition ranks its teams (a preset staff choose and whose
 * numbers they edit), who scores at an event, and the ranking itself as pure functions. The API
 * computes every rank with these; the pages read the shapes.
 */

/** Best score of N rounds, ties by the second best and then by time (RoboMission style). */
export type BestOfRules = {
  kind: 'best_of';
  /** How many rounds an event of this competition has (1 to 10). */
  rounds: number;
  /** The highest score of one round. */
  round_max: number;
  /** Whether a round's time (seconds) is recorded and breaks ties (shorter first). */
  timed: boolean;
};

/** One criterion of a rubric, with its maximum points and its name in both languages. */
export type RubricCriterion = { key: string; name: string; name_en: string; max: number };

/** A rubric of criteria scored by several judges, their totals averaged (Future Innovators style). */
export type RubricRules = {
  kind: 'rubric';
  criteria: RubricCriterion[];
};

export type RankingRules = BestOfRules | RubricRules;
export const RANKING_KINDS = ['best_of', 'rubric'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];

/** The presets shipped: staff choose one for a competition and may change its numbers. */
export const RANKING_PRESETS: { best_of: BestOfRules; rubric: RubricRules } = {
  best_of: { kind: 'best_of', rounds: 3, round_max: 200, timed: true },
  rubric: {
    kind: 'rubric',
    criteria: [
      { key: 'project', name: 'الابتكار والمشروع', name_en: 'Project and innovation', max: 40 },
      { key: 'robot', name: 'تصميم الروبوت', name_en: 'Robot design', max: 30 },
      { key: 'presentation', name: 'العرض والفريق', name_en: 'Presentation and teamwork', max: 30 },
    ],
  },
};

/** The highest score one judge can give a team in a round under these rules. */
export function roundMax(rules: RankingRules): number {
  return rules.kind === 'best_of' ? rules.round_max : rules.criteria.reduce((sum, c) => sum + c.max, 0);
}

/** How many rounds an event under these rules has (a rubric is judged once). */
export function roundCount(rules: RankingRules): number {
  return rules.kind === 'best_of' ? rules.rounds : 1;
}

/**
 * Who works at an event: a referee scores rounds of a best-of competition, a judge scores a rubric,
 * the head referee scores either and locks rounds. Every one of them may check teams in.
 */
export const EVENT_ROLES = ['referee', 'judge', 'head_referee'] as const;
export type EventRole = (typeof EVENT_ROLES)[number];

/** Whether someone with this role may enter scores under these rules. */
export function roleScores(role: EventRole, kind: RankingKind): boolean {
  if (role === 'head_referee') return true;
  return kind === 'best_of' ? role === 'referee' : role === 'judge';
}

/** One current entry of a judge for a team and round: its total, and its time where rounds are timed. */
export type ScoreEntry = { team_id: string; round: number; judge_id: string; value: number; time: number | null };

/** A team's place in the ranking. Teams with no score are listed after the ranked ones, without a rank. */
export type Standing = {
  team_id: string;
  /** 1, 2, 2, 4…; null for a team with no score yet. */
  rank: number | null;
  /** The score that ranks the team (best round, or the judges' average), two decimals. */
  score: number | null;
  /** Each round's score (the average of its judges' entries), by round number; null where none. */
  rounds: (number | null)[];
  /** The time of the best round (best-of rules with time), for the tie-break shown to people. */
  time: number | null;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** Each team's per-round scores (judges averaged) and the time of each round (judges averaged). */
function perRound(teamIds: string[], entries: ScoreEntry[], rounds: number) {
  const byTeam = new Map<string, { scores: (number | null)[]; times: (number | null)[] }>();
  for (const id of teamIds) byTeam.set(id, { scores: Array(rounds).fill(null), times: Array(rounds).fill(null) });
  for (let r = 1; r <= rounds; r += 1)
    for (const id of teamIds) {
      const mine = entries.filter((e) => e.team_id === id && e.round === r);
      if (!mine.length) continue;
      const t = byTeam.get(id)!;
      t.scores[r - 1] = round2(mean(mine.map((e) => e.value)));
      const times = mine.map((e) => e.time).filter((x): x is number => x !== null);
      t.times[r - 1] = times.length ? round2(mean(times)) : null;
    }
  return byTeam;
}

/** Ranks by a list of keys compared in order (higher first unless told), equal keys sharing a rank. */
function rankBy<T extends { team_id: string }>(
  rows: T[],
  keys: ((row: T) => number)[],
  lowerFirst: boolean[] = [],
): (T & { rank: number })[] {
  const cmp = (a: T, b: T) => {
    for (let i = 0; i < keys.length; i += 1) {
      const d = keys[i](b) - keys[i](a);
      if (d !== 0) return lowerFirst[i] ? -d : d;
    }
    return 0;
  };
  const sorted = [...rows].sort((a, b) => cmp(a, b) || a.team_id.localeCompare(b.team_id));
  const ranked: (T & { rank: number })[] = [];
  sorted.forEach((row, i) => {
    const prev = ranked[i - 1];
    ranked.push({ ...row, rank: prev && cmp(prev, row) === 0 ? prev.rank : i + 1 });
  });
  return ranked;
}

/**
 * The ranking of an event's teams from the current score entries under the rules. Best of N: the
 * best round, then the second best, …, then (timed rules) the time of the best round, shorter
 * first; a team still tied shares the rank. Rubric: the average of the judges' totals, tied teams
 * share the rank. Teams without any score come last, unranked, in the order given.
 */
export function rankTeams(rules: RankingRules, teamIds: string[], entries: ScoreEntry[]): Standing[] {
  const n = roundCount(rules);
  const rounds = perRound(teamIds, entries, n);
  const scored = teamIds.filter((id) => rounds.get(id)!.scores.some((s) => s !== null));
  const unscored = teamIds.filter((id) => !scored.includes(id));
  let standings: Standing[];
  if (rules.kind === 'best_of') {
    const rows = scored.map((id) => {
      const { scores, times } = rounds.get(id)!;
      const order = scores
        .map((s, i) => ({ s: s ?? -1, t: times[i] }))
        .sort((a, b) => b.s - a.s || (a.t ?? Infinity) - (b.t ?? Infinity));
      return { team_id: id, order, scores };
    });
    const keys = Array.from({ length: n }, (_, i) => (r: (typeof rows)[number]) => r.order[i].s);
    const lower = keys.map(() => false);
    if (rules.timed) {
      keys.push((r) => r.order[0].t ?? Number.MAX_SAFE_INTEGER);
      lower.push(true);
    }
    standings = rankBy(rows, keys, lower).map((r) => ({
      team_id: r.team_id,
      rank: r.rank,
      score: r.order[0].s,
      rounds: r.scores,
      time: rules.timed ? r.order[0].t : null,
    }));
  } else {
    const rows = scored.map((id) => ({ team_id: id, score: rounds.get(id)!.scores[0]! }));
    standings = rankBy(rows, [(r) => r.score]).map((r) => ({
      team_id: r.team_id,
      rank: r.rank,
      score: r.score,
      rounds: [r.score],
      time: null,
    }));
  }
  return [
    ...standings,
    ...unscored.map((id) => ({ team_id: id, rank: null, score: null, rounds: Array(n).fill(null), time: null })),
  ];
}

/** Checks rules staff send: an error key (the API's message) or null when they are usable. */
export function rulesProblem(rules: RankingRules): 'event.rules_invalid' | null {
  if (rules.kind === 'best_of') {
    const ok =
      Number.isInteger(rules.rounds) &&
      rules.rounds >= 1 &&
      rules.rounds <= 10 &&
      Number.isFinite(rules.round_max) &&
      rules.round_max > 0 &&
      rules.round_max <= 100_000 &&
      typeof rules.timed === 'boolean';
    return ok ? null : 'event.rules_invalid';
  }
  const keys = new Set(rules.criteria.map((c) => c.key));
  const ok =
    rules.criteria.length >= 1 &&
    rules.criteria.length <= 20 &&
    keys.size === rules.criteria.length &&
    rules.criteria.every(
      (c) =>
        /^[a-z0-9_]{1,30}$/.test(c.key) &&
        c.name.trim() !== '' &&
        c.name_en.trim() !== '' &&
        c.name.length <= 100 &&
        c.name_en.length <= 100 &&
        Number.isFinite(c.max) &&
        c.max > 0 &&
        c.max <= 10_000,
    );
  return ok ? null : 'event.rules_invalid';
}

/**
 * A team number from what a person types or a QR code holds: `T-1001`, `1001`, `١٠٠١`, or a link or
 * payload ending in the number (`…/teams/T-1001`). Null when there is none.
 */
export function teamNoFrom(input: string): string | null {
  const text = toAsciiDigits(input).trim();
  const m = /(?:^|[^0-9A-Za-z])T-?(\d{1,9})$/i.exec(text) ?? /^(\d{1,9})$/.exec(text) ?? /^T-?(\d{1,9})$/i.exec(text);
  return m ? `T-${m[1]}` : null;
}

/**
 * A score as a person types it: ASCII or Arabic-Indic digits, `.`, `,` or the Arabic decimal
 * separator `٫`, at most two decimals, not negative. Null when it is not such a number.
 */
export function readDecimal(input: unknown): number | null {
  if (typeof input === 'number') input = String(input);
  if (typeof input !== 'string') return null;
  const text = toAsciiDigits(input).trim().replace(/[٫,]/, '.');
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  return Number(text);
}

/** An event day as pages show it (GET /api/public/…, /api/judging/…). Dates are YYYY-MM-DD on the platform's clock. */
export type EventDayView = {
  id: string;
  event_date: string;
  venue_name: string;
  /** The venue's name in English (null: the Arabic name shows in both languages). */
  venue_name_en: string | null;
  venue_city: string;
  map_url: string | null;
  season_id: string;
  competition_id: string;
  competition: string;
  competition_en: string;
  rules: RankingRules;
  /** Whether staff wrote its results to the teams. */
  published: boolean;
};

/** An award of an event day, named in both languages, with its team's number and name. */
export type AwardView = {
  id: string;
  kind: 'place' | 'special' | 'advance';
  place: number | null;
  name: string;
  name_en: string;
  team_no: string | null;
  team_name: string | null;
};

/** The public leaderboard of an event day (GET /api/public/events/:id and its stream). Teams by number and name only. */
export type LeaderboardView = EventDayView & {
  rounds: { number: number; max: number; locked: boolean }[];
  standings: (Standing & { team_no: string; name: string | null })[];
  awards: AwardView[];
};

/** One competition as /competitions lists it (GET /api/public/competitions). */
export type PublicCompetitionView = {
  id: string;
  name: string;
  name_en: string;
  rules: RankingRules;
  event_days: EventDayView[];
};

/** An event day as a judge assigned to it reads it (GET /api/judging/events/:id). */
export type JudgeEventView = EventDayView & {
  role: EventRole;
  /** Whether this role enters scores under the event's rules. */
  scores: boolean;
  rounds: { number: number; max: number; locked: boolean }[];
  teams: {
    team_id: string;
    team_no: string;
    name: string | null;
    checked_in: boolean;
    my_scores: { round: number; value: number; time: number | null }[];
  }[];
};

/**
 * A team checked in (POST /api/judging/events/:id/check-in): its accepted coaches and students by
 * name and picture, and which student is a minor without a guardian's consent. Never an ID number,
 * phone or birth date.
 */
export type CheckInView = {
  team_id: string;
  team_no: string;
  name: string | null;
  /** Already checked in before this scan (nothing changed). */
  checked_in_before: boolean;
  people: {
    name: string;
    picture: string | null;
    role: 'coach' | 'member';
    minor: boolean;
    /** A minor whose guardian has not confirmed consent: the desk should ask before the child takes part. */
    consent_missing: boolean;
  }[];
};

/**
 * A team's public page (GET /api/public/teams/:id): its name, school, coaches' names and results.
 * Never a student's name, nor anyone's ID number, phone or birth date.
 */
export type PublicTeamView = {
  id: string;
  team_no: string;
  name: string | null;
  /** The school or entity the team represents. */
  school: string | null;
  coaches: string[];
  competition: { id: string; name: string; name_en: string };
  season: { name: string; name_en: string };
  /** The result written to the team (an event day's, corrected ones included, or the results import). */
  result: { score: number; ranked: number } | null;
  events: {
    event: Pick<EventDayView, 'id' | 'event_date' | 'venue_name' | 'venue_name_en' | 'venue_city' | 'published'>;
    rank: number | null;
    score: number | null;
    rounds: (number | null)[];
    awards: AwardView[];
  }[];
};

/**
 * An event day as the back-office lists it (`/api/admin/event-days`): its season and competition (ids
 * and names, null once gone), where and when, and its ranking rules. Dates are ISO strings; the day is YYYY-MM-DD.
 */
export type EventDayRecord = {
  id: string;
  season_id: string;
  season: string | null;
  season_en: string | null;
  competition_id: string;
  competition: string | null;
  competition_en: string | null;
  event_date: string;
  venue_name: string;
  venue_name_en: string | null;
  venue_city: string;
  map_url: string | null;
  rules: RankingRules;
  /** When its results were published; null: not yet. */
  published_at: string | null;
  created_at: string;
};

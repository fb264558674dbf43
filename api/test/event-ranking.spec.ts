import {
  RANKING_PRESETS,
  rankTeams,
  readDecimal,
  roleScores,
  roundMax,
  rulesProblem,
  teamNoFrom,
  type ScoreEntry,
} from '@platform/contract';

/** The ranking presets as pure functions (issue 32): no app, no database. */
const bestOf = { kind: 'best_of' as const, rounds: 3, round_max: 200, timed: true };
const entry = (team: string, round: number, value: number, time: number | null = null, judge = 'j1'): ScoreEntry => ({
  team_id: team,
  round,
  judge_id: judge,
  value,
  time,
});
const ranks = (standings: { team_id: string; rank: number | null }[]) => standings.map((s) => [s.team_id, s.rank]);

describe('best of N rounds, ties by the second best and then by time', () => {
  it('ranks by the best round', () => {
    const s = rankTeams(
      bestOf,
      ['a', 'b', 'c'],
      [entry('a', 1, 120, 90), entry('a', 2, 150, 80), entry('b', 1, 160, 100), entry('c', 3, 40, 70)],
    );
    expect(ranks(s)).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
    expect(s[1]).toEqual({ team_id: 'a', rank: 2, score: 150, rounds: [120, 150, null], time: 80 });
  });

  it('breaks a tie on the best round by the second best', () => {
    const s = rankTeams(
      bestOf,
      ['a', 'b'],
      [entry('a', 1, 150, 60), entry('a', 2, 100, 60), entry('b', 1, 150, 90), entry('b', 2, 140, 90)],
    );
    expect(ranks(s)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('breaks a tie on every round by the time of the best round, shorter first', () => {
    const s = rankTeams(
      bestOf,
      ['a', 'b'],
      [entry('a', 1, 150, 95.5), entry('a', 2, 100, 10), entry('b', 1, 100, 5), entry('b', 2, 150, 80)],
    );
    expect(ranks(s)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(s[0].time).toBe(80);
  });

  it('gives teams tied on scores and time the same rank, and the next one the rank after them', () => {
    const s = rankTeams(
      bestOf,
      ['c', 'b', 'a'],
      [entry('a', 1, 150, 80), entry('b', 1, 150, 80), entry('c', 1, 90, 80)],
    );
    expect(ranks(s)).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
  });

  it('without timed rounds, a tie on every round is shared', () => {
    const s = rankTeams({ ...bestOf, timed: false }, ['a', 'b'], [entry('a', 1, 150, 10), entry('b', 1, 150, 99)]);
    expect(ranks(s)).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    expect(s[0].time).toBeNull();
  });

  it('lists teams without a score last, unranked', () => {
    const s = rankTeams(bestOf, ['x', 'a'], [entry('a', 2, 10, 5)]);
    expect(s).toEqual([
      { team_id: 'a', rank: 1, score: 10, rounds: [null, 10, null], time: 5 },
      { team_id: 'x', rank: null, score: null, rounds: [null, null, null], time: null },
    ]);
  });

  it("averages a round's referees when more than one scored it", () => {
    const s = rankTeams(bestOf, ['a'], [entry('a', 1, 100, 60, 'j1'), entry('a', 1, 110, 62, 'j2')]);
    expect(s[0]).toMatchObject({ score: 105, time: 61 });
  });
});

describe('a rubric scored by several judges, averaged', () => {
  const rubric = RANKING_PRESETS.rubric;
  it("ranks by the average of the judges' totals, ties shared", () => {
    const s = rankTeams(
      rubric,
      ['a', 'b', 'c'],
      [
        entry('a', 1, 80, null, 'j1'),
        entry('a', 1, 71, null, 'j2'),
        entry('b', 1, 75.5, null, 'j1'),
        entry('c', 1, 90, null, 'j1'),
        entry('c', 1, 61, null, 'j2'),
      ],
    );
    expect(s.map((r) => [r.team_id, r.rank, r.score])).toEqual([
      ['a', 1, 75.5],
      ['b', 1, 75.5],
      ['c', 1, 75.5],
    ]);
    const t = rankTeams(rubric, ['a', 'b'], [entry('a', 1, 80.25, null, 'j1'), entry('b', 1, 80.5, null, 'j2')]);
    expect(ranks(t)).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
  });

  it("has one round whose maximum is the criteria's sum", () => {
    expect(roundMax(rubric)).toBe(100);
    expect(roundMax(bestOf)).toBe(200);
  });
});

describe('the rules staff send, roles, and what people type', () => {
  it('refuses unusable numbers', () => {
    expect(rulesProblem(bestOf)).toBeNull();
    expect(rulesProblem({ ...bestOf, rounds: 0 })).toBe('event.rules_invalid');
    expect(rulesProblem({ ...bestOf, rounds: 2.5 })).toBe('event.rules_invalid');
    expect(rulesProblem({ ...bestOf, round_max: -1 })).toBe('event.rules_invalid');
    expect(rulesProblem(RANKING_PRESETS.rubric)).toBeNull();
    expect(rulesProblem({ kind: 'rubric', criteria: [] })).toBe('event.rules_invalid');
    const c = RANKING_PRESETS.rubric.criteria[0];
    expect(rulesProblem({ kind: 'rubric', criteria: [c, c] })).toBe('event.rules_invalid');
    expect(rulesProblem({ kind: 'rubric', criteria: [{ ...c, max: 0 }] })).toBe('event.rules_invalid');
  });

  it('lets referees score rounds, judges score rubrics, the head referee both', () => {
    expect(roleScores('referee', 'best_of')).toBe(true);
    expect(roleScores('referee', 'rubric')).toBe(false);
    expect(roleScores('judge', 'rubric')).toBe(true);
    expect(roleScores('judge', 'best_of')).toBe(false);
    expect(roleScores('head_referee', 'rubric')).toBe(true);
  });

  it('reads decimals typed with Arabic-Indic digits and separators, never a negative or a third decimal', () => {
    expect(readDecimal('١٢٣٫٥')).toBe(123.5);
    expect(readDecimal('۱۲,۲۵')).toBe(12.25);
    expect(readDecimal(7)).toBe(7);
    expect(readDecimal('0')).toBe(0);
    for (const bad of ['-1', '1.234', '', 'abc', '1e3', null, undefined, {}]) expect(readDecimal(bad)).toBeNull();
  });

  it('reads a team number typed or held by a QR code', () => {
    expect(teamNoFrom('1001')).toBe('T-1001');
    expect(teamNoFrom('١٠٠١')).toBe('T-1001');
    expect(teamNoFrom('t-1001')).toBe('T-1001');
    expect(teamNoFrom('https://example.org/teams/T-1001')).toBe('T-1001');
    expect(teamNoFrom('nothing')).toBeNull();
  });
});

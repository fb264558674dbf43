import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  EVENT_ROLES,
  RANKING_PRESETS,
  type LeaderboardView,
  type RankingRules,
  type RubricCriterion,
} from '@platform/contract';
import { apiFetch } from '../common/api';

/** The event's ranking, rounds and awards as the API computes them. */
type Board = Pick<LeaderboardView, 'rules' | 'rounds' | 'standings' | 'awards' | 'published'>;

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** Runs a call, tells its failure (the API's message) and reloads on success. */
function useAction(reload: () => void) {
  const notify = useNotify();
  return async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) notify(done, { type: 'success' });
      reload();
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    }
  };
}

/** The event's ranking, rounds and awards, read again after every action here. */
function useBoard(eventId: string) {
  const [board, setBoard] = useState<Board | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    apiFetch(`/admin/event-days/${eventId}/standings`)
      .then((r) => r.json())
      .then((b: Board) => live && setBoard(b))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [eventId, version]);
  return { board, reload };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The competition's ranking preset and its numbers; event days created later are set up with them. */
export function RankingPanel({ competitionId }: { competitionId: string }) {
  const translate = useTranslate();
  const act = useAction(() => undefined);
  const [rules, setRules] = useState<RankingRules | null>(null);
  useEffect(() => {
    apiFetch(`/admin/competitions/${competitionId}`)
      .then((r) => r.json())
      .then((c: { ranking: RankingRules }) => setRules(c.ranking))
      .catch(() => undefined);
  }, [competitionId]);
  if (!rules) return null;
  const setCriterion = (i: number, patch: Partial<RubricCriterion>) =>
    rules.kind === 'rubric' &&
    setRules({ ...rules, criteria: rules.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Section title="resources.event-days.ranking">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('resources.event-days.ranking_hint')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          select
          label={translate('resources.event-days.preset')}
          value={rules.kind}
          onChange={(e) => setRules(RANKING_PRESETS[e.target.value as RankingRules['kind']])}
          sx={{ maxWidth: 360 }}
        >
          <MenuItem value="best_of">{translate('resources.event-days.preset_best_of')}</MenuItem>
          <MenuItem value="rubric">{translate('resources.event-days.preset_rubric')}</MenuItem>
        </TextField>
        {rules.kind === 'best_of' ? (
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
            <TextField
              type="number"
              label={translate('resources.event-days.rounds')}
              value={rules.rounds}
              onChange={(e) => setRules({ ...rules, rounds: Number(e.target.value) })}
            />
            <TextField
              type="number"
              label={translate('resources.event-days.round_max')}
              value={rules.round_max}
              onChange={(e) => setRules({ ...rules, round_max: Number(e.target.value) })}
            />
            <FormControlLabel
              control={
                <Switch checked={rules.timed} onChange={(e) => setRules({ ...rules, timed: e.target.checked })} />
              }
              label={translate('resources.event-days.timed')}
            />
          </Stack>
        ) : (
          rules.criteria.map((c, i) => (
            <Stack key={c.key} direction="row" spacing={2} flexWrap="wrap" useFlexGap>
              <TextField
                label={translate('resources.event-days.criterion')}
                value={c.name}
                onChange={(e) => setCriterion(i, { name: e.target.value })}
              />
              <TextField
                label={translate('resources.event-days.criterion_en')}
                value={c.name_en}
                onChange={(e) => setCriterion(i, { name_en: e.target.value })}
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
              <TextField
                type="number"
                label={translate('resources.event-days.max')}
                value={c.max}
                onChange={(e) => setCriterion(i, { max: Number(e.target.value) })}
              />
            </Stack>
          ))
        )}
        <Box>
          <Button
            variant="contained"
            onClick={() =>
              act(
                () => apiFetch(`/admin/competitions/${competitionId}/ranking`, { ...json(rules), method: 'PUT' }),
                translate('resources.event-days.ranking_saved'),
              )
            }
          >
            {translate('resources.event-days.save_ranking')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

/** The rounds and their locks: a locked round takes no more scores. */
export function RoundsPanel({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const { board, reload } = useBoard(eventId);
  const act = useAction(reload);
  if (!board) return null;
  return (
    <Section title="resources.event-days.rounds_title">
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        {board.rounds.map((r) => (
          <Stack key={r.number} direction="row" spacing={1} alignItems="center">
            <Typography>{translate('resources.event-days.round_n', { n: r.number, max: r.max })}</Typography>
            {r.locked ? (
              <Chip label={translate('resources.event-days.locked')} />
            ) : (
              <Button
                size="small"
                variant="outlined"
                onClick={() => act(() => apiFetch(`/admin/event-days/${eventId}/rounds/${r.number}/lock`, json({})))}
              >
                {translate('resources.event-days.lock')}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

type Assignment = { id: string; user_id: string; name: string; role: string; revoked_at: string | null };

/** Judges and referees of the day: assign an accepted one with a role, revoke. */
export function AssignmentsPanel({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Assignment[]>([]);
  const [judges, setJudges] = useState<{ id: string; name: string }[]>([]);
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<string>('referee');
  const [version, setVersion] = useState(0);
  const act = useAction(() => setVersion((v) => v + 1));
  useEffect(() => {
    apiFetch(`/admin/event-days/${eventId}/staff`)
      .then((r) => r.json())
      .then((b: { staff: Assignment[] }) => setRows(b.staff))
      .catch(() => undefined);
  }, [eventId, version]);
  useEffect(() => {
    apiFetch('/admin/event-judges')
      .then((r) => r.json())
      .then((b: { judges: { id: string; name: string }[] }) => setJudges(b.judges))
      .catch(() => undefined);
  }, []);
  return (
    <Section title="resources.event-days.staff">
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
        <TextField
          select
          label={translate('resources.event-days.person')}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          sx={{ minWidth: 240 }}
        >
          {judges.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('resources.event-days.role')}
          value={role}
          onChange={(e) => setRole(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {EVENT_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`resources.event-days.roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={!userId}
          onClick={() => act(() => apiFetch(`/admin/event-days/${eventId}/staff`, json({ user_id: userId, role })))}
        >
          {translate('resources.event-days.assign')}
        </Button>
      </Stack>
      <Table size="small">
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <bdi>{a.name}</bdi>
              </TableCell>
              <TableCell>{translate(`resources.event-days.roles.${a.role}`)}</TableCell>
              <TableCell>
                {a.revoked_at ? (
                  <Chip label={translate('resources.event-days.revoked')} size="small" />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    onClick={() =>
                      act(() => apiFetch(`/admin/event-days/${eventId}/staff/${a.id}`, { method: 'DELETE' }))
                    }
                  >
                    {translate('resources.event-days.revoke')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

/** The ranking computed by the server from the stored scores; writing it fills the teams' results. */
export function StandingsPanel({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const { board, reload } = useBoard(eventId);
  const notify = useNotify();
  const act = useAction(reload);
  if (!board) return null;
  return (
    <Section title="resources.event-days.standings">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.event-days.rank')}</TableCell>
            <TableCell>{translate('resources.event-days.team')}</TableCell>
            <TableCell>{translate('resources.event-days.score')}</TableCell>
            {board.rounds.map((r) => (
              <TableCell key={r.number}>{translate('resources.event-days.round_short', { n: r.number })}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {board.standings.map((s) => (
            <TableRow key={s.team_id}>
              <TableCell>{s.rank ?? '—'}</TableCell>
              <TableCell>
                <bdi>{s.team_no}</bdi> <bdi>{s.name ?? ''}</bdi>
              </TableCell>
              <TableCell>{s.score ?? '—'}</TableCell>
              {s.rounds.map((v, i) => (
                <TableCell key={i}>{v ?? '—'}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box sx={{ mt: 2 }}>
        <Button
          variant="contained"
          onClick={() =>
            act(async () => {
              const res = await apiFetch(`/admin/event-days/${eventId}/publish`, json({}));
              notify(((await res.json()) as { message: string }).message, { type: 'success' });
            })
          }
        >
          {translate('resources.event-days.publish')}
        </Button>
      </Box>
    </Section>
  );
}

/** Awards: the places come from the ranking when it is written; special awards and advancing by hand. */
export function AwardsPanel({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { board, reload } = useBoard(eventId);
  const act = useAction(reload);
  const [kind, setKind] = useState<'special' | 'advance'>('special');
  const [teamId, setTeamId] = useState('');
  const [name, setName] = useState('');
  const [nameEn, setNameEn] = useState('');
  if (!board) return null;
  return (
    <Section title="resources.event-days.awards">
      <Table size="small">
        <TableBody>
          {board.awards.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{translate(`resources.event-days.award_kinds.${a.kind}`)}</TableCell>
              <TableCell>
                <bdi>{locale === 'ar' ? a.name : a.name_en}</bdi>
              </TableCell>
              <TableCell>
                <bdi>{a.team_no}</bdi> <bdi>{a.team_name ?? ''}</bdi>
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    act(() => apiFetch(`/admin/event-days/${eventId}/awards/${a.id}`, { method: 'DELETE' }))
                  }
                >
                  {translate('ra.action.delete')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap sx={{ mt: 2 }}>
        <TextField
          select
          label={translate('resources.event-days.award_kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as 'special')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="special">{translate('resources.event-days.award_kinds.special')}</MenuItem>
          <MenuItem value="advance">{translate('resources.event-days.award_kinds.advance')}</MenuItem>
        </TextField>
        <TextField
          select
          label={translate('resources.event-days.team')}
          value={teamId}
          onChange={(e) => setTeamId(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {board.standings.map((s) => (
            <MenuItem key={s.team_id} value={s.team_id}>
              {s.team_no} {s.name ?? ''}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('resources.event-days.award_name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={translate('resources.event-days.award_name_en')}
          value={nameEn}
          onChange={(e) => setNameEn(e.target.value)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <Button
          variant="contained"
          disabled={!teamId}
          onClick={() =>
            act(() =>
              apiFetch(`/admin/event-days/${eventId}/awards`, json({ kind, team_id: teamId, name, name_en: nameEn })),
            )
          }
        >
          {translate('resources.event-days.add_award')}
        </Button>
      </Stack>
    </Section>
  );
}

/**
 * A result corrected after the day (once the results are written): a team's score of a round
 * replaced by staff's, with a reason; the API ranks again and writes the results to the teams.
 */
export function CorrectionPanel({ eventId }: { eventId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { board, reload } = useBoard(eventId);
  const act = useAction(reload);
  const [team, setTeam] = useState('');
  const [round, setRound] = useState('1');
  const [score, setScore] = useState('');
  const [time, setTime] = useState('');
  const [points, setPoints] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  if (!board || !board.published) return null;
  const rules = board.rules;
  const body =
    rules.kind === 'best_of'
      ? { team, round: Number(round), score, reason, ...(rules.timed ? { time } : {}) }
      : { team, round: 1, points, reason };
  return (
    <Section title="resources.event-days.correction">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('resources.event-days.correction_hint')}
      </Typography>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <TextField
          select
          label={translate('resources.event-days.team')}
          value={team}
          onChange={(e) => setTeam(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          {board.standings.map((s) => (
            <MenuItem key={s.team_id} value={s.team_no}>
              {s.team_no} {s.name ?? ''}
            </MenuItem>
          ))}
        </TextField>
        {rules.kind === 'best_of' ? (
          <>
            <TextField
              select
              label={translate('resources.event-days.round')}
              value={round}
              onChange={(e) => setRound(e.target.value)}
              sx={{ minWidth: 120 }}
            >
              {board.rounds.map((r) => (
                <MenuItem key={r.number} value={String(r.number)}>
                  {r.number}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('resources.event-days.score')}
              value={score}
              onChange={(e) => setScore(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
            {rules.timed && (
              <TextField
                label={translate('resources.event-days.time')}
                value={time}
                onChange={(e) => setTime(e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
            )}
          </>
        ) : (
          rules.criteria.map((c) => (
            <TextField
              key={c.key}
              label={`${locale === 'ar' ? c.name : c.name_en} (${c.max})`}
              value={points[c.key] ?? ''}
              onChange={(e) => setPoints((p) => ({ ...p, [c.key]: e.target.value }))}
              slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
            />
          ))
        )}
        <TextField
          label={translate('resources.event-days.correction_reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ minWidth: 280, flexGrow: 1 }}
        />
        <Button
          variant="contained"
          disabled={!team || !reason.trim()}
          onClick={() =>
            act(async () => {
              await apiFetch(`/admin/event-days/${eventId}/corrections`, json(body));
              setReason('');
            }, translate('resources.event-days.corrected'))
          }
        >
          {translate('resources.event-days.correct')}
        </Button>
      </Stack>
    </Section>
  );
}

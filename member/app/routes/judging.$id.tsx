import type { CheckInView, JudgeEventView } from '@platform/contract';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useRevalidator, useSubmit } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { translate, useT } from '~/i18n';
import { QrScanner } from '~/components/QrScanner';
import { Alert } from '~/ui/Alert';
import { Avatar } from '~/ui/Avatar';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { Select } from '~/ui/Select';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/form.server';
import { formatDay, localized } from '~/utils/posts';
import { venueOf } from '~/utils/results';
import { scoreBody } from '~/utils/scores';
import { withSite } from '~/utils/seo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random (version 4) UUID, also on a plain-http hall network where crypto.randomUUID is missing. */
function newClientId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An assigned event day on a judge's phone: check-in by number, then scores (the API checks every rule). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request);
  if (!UUID.test(params.id ?? '')) throw new Response('Not Found', { status: 404 });
  const res = await api<{ event: JudgeEventView }>(request, `/judging/events/${params.id}`, { token, lang });
  if (res.status === 404 || res.status === 403)
    throw new Response(res.data.message ?? 'Not Found', { status: res.status });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  // The id of the next score typed on this page: a form sent twice (a double tap, a resend) is stored once.
  return { event: res.data.event, clientId: newClientId() };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  const name = data ? localized(lang, data.event.competition, data.event.competition_en) : '';
  return withSite(matches, [{ title: `${name} · ${translate(lang, 'judging.title')} · ${translate(lang, 'brand')}` }]);
};

/** Without JavaScript: check-in and a score go through here; with it, scores go through the phone's queue. */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { token, lang } = await requireUser(request);
  const intent = form.get('intent');
  const path = intent === 'check_in' ? `/judging/events/${params.id}/check-in` : `/judging/events/${params.id}/scores`;
  const body = intent === 'check_in' ? { team: String(form.get('team') ?? '') } : scoreBody(form.entries());
  const res = await api<{ team?: CheckInView }>(request, path, { token, lang, body });
  return data(
    {
      intent: String(intent),
      ok: res.ok,
      message: res.data.message ?? translate(lang, 'judging.failed'),
      team: (res.ok && intent === 'check_in' && res.data.team) || null,
    },
    { status: res.ok ? 200 : res.status >= 500 ? 503 : 400 },
  );
}

/** A score waiting on the phone: its client id and the form's fields as typed. */
type Pending = { client_id: string; fields: [string, string][] };
const queueKey = (eventId: string) => `judging-queue:${eventId}`;
const readQueue = (eventId: string): Pending[] => {
  try {
    return JSON.parse(localStorage.getItem(queueKey(eventId)) ?? '[]') as Pending[];
  } catch {
    return [];
  }
};
const writeQueue = (eventId: string, queue: Pending[]) =>
  localStorage.setItem(queueKey(eventId), JSON.stringify(queue));

/**
 * Scores typed on the phone wait in its storage until the API has them: sent at once when there is a
 * network, kept when there is none, sent again when it returns (each with its client_id, so the API
 * stores it once whatever arrives twice). A score the API refuses leaves the queue with its message.
 */
function useScoreQueue(eventId: string) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [count, setCount] = useState(0);
  const [note, setNote] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    let sent = 0;
    try {
      for (;;) {
        const [next] = readQueue(eventId);
        if (!next) break;
        let res: Response;
        try {
          res = await fetch(`/judging/${eventId}/scores`, {
            method: 'POST',
            headers: { Accept: 'application/json' },
            body: new URLSearchParams([...next.fields, ['client_id', next.client_id]]),
          });
        } catch {
          setNote({ severity: 'info', text: t('judging.queued') });
          break; // no network: kept for the 'online' event
        }
        if (res.status >= 500) {
          setNote({ severity: 'info', text: t('judging.queued') });
          break;
        }
        writeQueue(
          eventId,
          readQueue(eventId).filter((p) => p.client_id !== next.client_id),
        );
        const answer = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.ok) sent += 1;
        else setNote({ severity: 'error', text: answer.message ?? t('judging.failed') });
        if (res.ok && readQueue(eventId).length === 0)
          setNote({ severity: 'success', text: answer.message ?? t('judging.saved') });
      }
    } finally {
      sending.current = false;
      setCount(readQueue(eventId).length);
      if (sent) revalidator.revalidate();
    }
  }, [eventId, revalidator, t]);
  useEffect(() => {
    setCount(readQueue(eventId).length);
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [eventId, flush]);
  const add = (entry: Pending) => {
    writeQueue(eventId, [...readQueue(eventId), entry]);
    setCount(readQueue(eventId).length);
    if (!navigator.onLine) setNote({ severity: 'info', text: t('judging.queued') });
    else void flush();
  };
  return { add, count, note };
}

function ScoreForm({ event, clientId }: { event: JudgeEventView; clientId: string }) {
  const { t, tn, lang } = useT();
  const queue = useScoreQueue(event.id);
  const [formKey, setFormKey] = useState(0);
  const idRef = useRef(clientId);
  const arrived = event.teams.filter((x) => x.checked_in);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fields = [...new FormData(e.currentTarget).entries()].filter(
      (f): f is [string, string] => typeof f[1] === 'string' && f[0] !== 'client_id',
    );
    queue.add({ client_id: idRef.current, fields });
    // The next score is a new entry: a new id, an emptied form.
    idRef.current = newClientId();
    setFormKey((k) => k + 1);
  };
  const rules = event.rules;
  return (
    <Card>
      <CardBody>
        <h2 className="t-h6 mb-2">{t('judging.score_title')}</h2>
        <div role="status" className="stack gap-1 mb-2">
          {queue.note && <Alert severity={queue.note.severity}>{queue.note.text}</Alert>}
          {queue.count > 0 && <p className="t-body2">{tn('judging.queue_count', queue.count)}</p>}
        </div>
        <Form method="post" key={formKey} onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="score" />
          <input type="hidden" name="client_id" value={idRef.current} />
          <div className="stack gap-2">
            <Select
              id="score_team"
              name="team"
              label={t('judging.team')}
              placeholder={t('judging.choose_team')}
              required
              options={arrived.map((x) => ({ id: x.team_no, name: x.name ? `${x.team_no} · ${x.name}` : x.team_no }))}
            />
            <Select
              id="score_round"
              name="round"
              label={t('judging.round')}
              required
              noPlaceholder
              options={event.rounds
                .filter((r) => !r.locked)
                .map((r) => ({ id: String(r.number), name: t('judging.round_n', { n: r.number, max: r.max }) }))}
            />
            {rules.kind === 'best_of' ? (
              <>
                <TextField
                  name="score"
                  label={t('judging.score')}
                  inputMode="decimal"
                  dir="ltr"
                  required
                  autoComplete="off"
                />
                {rules.timed && (
                  <TextField
                    name="time"
                    label={t('judging.time')}
                    inputMode="decimal"
                    dir="ltr"
                    required
                    autoComplete="off"
                  />
                )}
              </>
            ) : (
              rules.criteria.map((c) => (
                <TextField
                  key={c.key}
                  name={`points.${c.key}`}
                  label={`${localized(lang, c.name, c.name_en)} (${c.max})`}
                  inputMode="decimal"
                  dir="ltr"
                  required
                  autoComplete="off"
                />
              ))
            )}
            <TextField name="reason" label={t('judging.reason')} helperText={t('judging.reason_hint')} />
            <SubmitButton variant="contained" size="large" fullWidth>
              {t('judging.save')}
            </SubmitButton>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}

/** The team just checked in: its coaches and students by name and picture, and minors without consent. */
function ArrivedTeam({ team }: { team: CheckInView }) {
  const { t, tn } = useT();
  const missing = team.people.filter((p) => p.consent_missing).length;
  return (
    <section className="stack gap-1 mt-2" aria-labelledby="arrived-heading" data-arrived={team.team_no}>
      <h3 id="arrived-heading" className="t-subtitle1">
        {t('judging.people', { team: team.name ? `${team.team_no} · ${team.name}` : team.team_no })}
      </h3>
      {team.checked_in_before && <p className="t-body2 muted">{t('judging.checked_in_before')}</p>}
      {missing > 0 && <Alert severity="warning">{tn('judging.consent_count', missing)}</Alert>}
      {team.people.length === 0 ? (
        <p className="muted">{t('judging.no_people')}</p>
      ) : (
        <ul className="plain-list check-in-people">
          {team.people.map((p, i) => (
            <li key={i} data-consent-missing={p.consent_missing || undefined}>
              <Avatar src={p.picture} name={p.name} alt="" size="small" />
              <span className="stack">
                <bdi>{p.name}</bdi>
                <span className="t-caption muted">
                  {t(p.role === 'coach' ? 'judging.coach' : 'judging.student')}
                  {p.minor && ` · ${t('judging.minor')}`}
                </span>
                {p.consent_missing && (
                  <span className="t-caption consent-warning" role="note">
                    {t('judging.consent_missing')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Check-in by the team's QR code (the camera) or its number typed; the page's action asks the API. */
function CheckIn() {
  const { t } = useT();
  const submit = useSubmit();
  const onCode = useCallback(
    (code: string) => submit({ intent: 'check_in', team: code }, { method: 'post' }),
    [submit],
  );
  return (
    <Card>
      <CardBody>
        <h2 className="t-h6 mb-2">{t('judging.check_in')}</h2>
        <QrScanner onCode={onCode} />
        <Form method="post" className="stack gap-2 mt-2">
          <input type="hidden" name="intent" value="check_in" />
          <TextField
            id="checkin_team"
            name="team"
            label={t('judging.team_number')}
            helperText={t('judging.team_number_hint')}
            inputMode="numeric"
            dir="ltr"
            required
            autoComplete="off"
          />
          <SubmitButton variant="outlined">{t('judging.check_in_submit')}</SubmitButton>
        </Form>
      </CardBody>
    </Card>
  );
}

export default function JudgeEvent() {
  const { event, clientId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, lang } = useT();
  return (
    <div className="container container-sm page stack gap-2">
      <div>
        <h1 className="t-h5 gutter">{localized(lang, event.competition, event.competition_en)}</h1>
        <p className="t-body2 muted">
          <time dateTime={event.event_date}>{formatDay(event.event_date, lang)}</time> ·{' '}
          <bdi>{venueOf(event, lang)}</bdi> · {t('judging.role', { role: t(`judging.roles.${event.role}`) })}
        </p>
        <Link to={`/events/${event.id}`}>{t('judging.leaderboard')}</Link>
      </div>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role="status">
          {result.message}
        </Alert>
      )}
      {result?.team && (
        <Card>
          <CardBody>
            <ArrivedTeam team={result.team} />
          </CardBody>
        </Card>
      )}
      <CheckIn />
      {event.scores ? (
        <ScoreForm event={event} clientId={clientId} />
      ) : (
        <Alert severity="info">{t('judging.no_score_role')}</Alert>
      )}
      <Card>
        <CardBody>
          <h2 className="t-h6 mb-2">{t('judging.teams')}</h2>
          <ul className="plain-list judge-teams">
            {event.teams.map((x) => (
              <li key={x.team_id} data-team={x.team_no}>
                <span>
                  <bdi className="t-tabular">{x.team_no}</bdi> <bdi>{x.name ?? ''}</bdi>
                  {x.my_scores.length > 0 && (
                    <span className="t-caption muted">
                      {' · '}
                      {t('judging.my_scores')}:{' '}
                      {[...x.my_scores]
                        .sort((a, b) => a.round - b.round)
                        .map((s) => `${t('results.round', { n: s.round })}: ${s.value}`)
                        .join(lang === 'ar' ? '، ' : ', ')}
                    </span>
                  )}
                </span>
                <Chip
                  size="small"
                  color={x.checked_in ? 'success' : undefined}
                  variant={x.checked_in ? undefined : 'outlined'}
                  label={x.checked_in ? t('judging.arrived') : t('judging.not_arrived')}
                />
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
    </div>
  );
}

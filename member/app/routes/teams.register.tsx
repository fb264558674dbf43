import {
  dateLocale,
  formatDate,
  LIMITS,
  type RegisteredTeamsPage,
  type RegisteredTeamView,
  type RegistrationView,
  type TeamAction,
  type TeamState,
} from '@platform/contract';
import { useEffect, useState } from 'react';
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Isolated } from '~/components/Isolated';
import { SubmitButton } from '~/ui/SubmitButton';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { Select } from '~/ui/Select';
import { TextField } from '~/ui/TextField';
import { cx } from '~/ui/cx';
import { plural, translate, useT, type Lang } from '~/i18n';
import { UpgradePrompt } from '~/components/UpgradePrompt';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/form.server';
import { formatDay, localized } from '~/utils/posts';
import { flashHeaders } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * A coach registers teams (issue 20): the open registrations with their rules, the form (team name,
 * the students' national IDs, a second coach, the entity's e-mail), and the coach's teams with each
 * person's answer, Submit, Pay the fee and Withdraw. Every rule is the API's; its message is shown.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token, lang } = await requireUser(request, ['coach']);
  const none = { currentPage: 0, totalPages: 1 };
  if (!user.fullAccess) return { locked: true as const, registrations: [], teams: [], me: user.national_id, ...none };
  const page = Math.max(0, Math.min(100_000, Number(new URL(request.url).searchParams.get('page')) || 0));
  const [regs, teams] = await Promise.all([
    api<{ registrations: RegistrationView[] }>(request, '/registrations', { token, lang }),
    api<RegisteredTeamsPage>(request, `/teams?page=${page}`, { token, lang }),
  ]);
  if (!regs.ok || !teams.ok) throw new Response('Unavailable', { status: 503 });
  return {
    locked: false as const,
    registrations: regs.data.registrations,
    teams: teams.data.teams,
    currentPage: teams.data.currentPage,
    totalPages: teams.data.totalPages,
    me: user.national_id,
  };
}

/** What the action answers when the API or the page asks the coach to confirm first. */
type ActionResult = {
  error?: string;
  intent?: string;
  team_id?: string;
  /** Withdrawing asks first (also without JavaScript): the page shows a confirmation. */
  confirmWithdraw?: boolean;
  /** A change the API will only save confirmed: the fields sent, to send again with confirm. */
  confirmUpdate?: { name: string; members: string; coach: string; entity_email: string };
};

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

export async function action({ request }: ActionFunctionArgs) {
  // A body that is not a form is refused first (400), whoever sends it.
  const form = await readForm(request);
  const { token, lang } = await requireUser(request, ['coach']);
  const intent = text(form, 'intent');
  const call = <T,>(path: string, init: { method?: string; body?: unknown } = {}) =>
    api<T>(request, path, { token, lang, ...init });
  const back = async (message: string) =>
    redirect('/teams/register', { headers: await flashHeaders(request, { type: 'success', text: message }) });
  const teamId = encodeURIComponent(text(form, 'team_id'));

  if (intent === 'register') {
    const [season_id = '', competition_id = ''] = text(form, 'registration').split('|');
    const coach = text(form, 'coach');
    const res = await call<{ team: RegisteredTeamView }>('/teams', {
      method: 'POST',
      body: {
        season_id,
        competition_id,
        name: text(form, 'name'),
        members: text(form, 'members')
          .split(/[\s,،]+/)
          .filter(Boolean),
        coaches: coach ? [coach] : [],
        entity_email: text(form, 'entity_email') || undefined,
      },
    });
    if (!res.ok) return { error: res.data.message ?? translate(lang, 'register.failed'), intent };
    return back(
      translate(lang, res.data.team.waitlist_position === null ? 'register.created' : 'register.created_waitlisted', {
        no: res.data.team.team_no,
        position: res.data.team.waitlist_position ?? 0,
      }),
    );
  }
  // Withdrawing is asked first: the page shows what it does and a second button that does it.
  if (intent === 'withdraw')
    return { confirmWithdraw: true, team_id: text(form, 'team_id'), intent } satisfies ActionResult;
  if (intent === 'submit' || intent === 'withdraw_confirmed') {
    const res = await call<{ message: string }>(intent === 'submit' ? `/teams/${teamId}/submit` : `/teams/${teamId}`, {
      method: intent === 'submit' ? 'POST' : 'DELETE',
    });
    if (!res.ok) return { error: res.data.message ?? translate(lang, 'register.failed'), intent };
    return back(res.data.message);
  }
  if (intent === 'update') {
    const fields = {
      name: text(form, 'name'),
      members: text(form, 'members'),
      coach: text(form, 'coach'),
      entity_email: text(form, 'entity_email'),
    };
    const res = await call<{ message: string }>(`/teams/${teamId}`, {
      method: 'PUT',
      body: {
        name: fields.name,
        members: fields.members.split(/[\s,،]+/).filter(Boolean),
        coaches: fields.coach ? [fields.coach] : [],
        entity_email: fields.entity_email,
        confirm: text(form, 'confirm') === 'yes',
      },
    });
    // The API says what the change would do (back to approval, people removed): the coach confirms it.
    if (!res.ok && res.status === 409 && res.data.field === 'confirm')
      return {
        error: res.data.message,
        intent,
        team_id: text(form, 'team_id'),
        confirmUpdate: fields,
      } satisfies ActionResult;
    if (!res.ok)
      return { error: res.data.message ?? translate(lang, 'register.failed'), intent, team_id: text(form, 'team_id') };
    return back(res.data.message);
  }
  if (intent === 'hand_over') {
    const res = await call<{ message: string }>(`/teams/${teamId}/owner`, {
      method: 'POST',
      body: { national_id: text(form, 'national_id') },
    });
    if (!res.ok)
      return { error: res.data.message ?? translate(lang, 'register.failed'), intent, team_id: text(form, 'team_id') };
    return back(res.data.message);
  }
  if (intent === 'pay') {
    const res = await call<{ response: { order: { ref: string; url: string } }; order: { _id: string } }>(
      `/teams/${teamId}/pay`,
      { method: 'POST' },
    );
    if (!res.ok) return { error: res.data.message ?? translate(lang, 'register.failed'), intent };
    const { ref, url } = res.data.response.order;
    // The pending record the return page reads (as for a plan).
    await call('/seasons/', {
      method: 'POST',
      body: { type: 'telr', order_id: res.data.order._id, ref, data: { team_id: text(form, 'team_id') } },
    });
    return redirect(url);
  }
  if (intent === 'invite') {
    const target = text(form, 'target');
    const res = await call<{ message: string }>('/teams/invite-signup', {
      method: 'POST',
      body: target.includes('@') ? { email: target } : { phone: target },
    });
    if (!res.ok) return { error: res.data.message ?? translate(lang, 'register.failed'), intent };
    return back(res.data.message);
  }
  return Response.json({ message: translate(lang, 'error.bad_form') }, { status: 400 });
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'register.title')} · ${translate(lang, 'brand')}` }]);
};

/** An amount in the page's language: whole amounts without decimals (SAR 150), others with two (SAR 150.50). */
function money(amount: string, currency: string, lang: Lang) {
  const value = Number(amount);
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** The colour of a team's state. */
const STATE_CHIP: Record<TeamState, string> = {
  waiting_members: 'chip-warning',
  ready: 'chip-info',
  changes_requested: 'chip-warning',
  submitted: 'chip-info',
  approved: 'chip-success',
  rejected: 'chip-error',
  withdrawn: '',
};

/** A list of words joined as the language joins them ("7, 8 and 9", "7 و8 و9"). */
function joinList(items: string[], lang: Lang) {
  return new Intl.ListFormat(dateLocale(lang), { type: 'conjunction' }).format(items);
}

/** A registration's name: its competition and season in the page's language. */
const registrationName = (reg: RegistrationView, lang: Lang) =>
  `${localized(lang, reg.competion.name, reg.competion.name_en)} · ${localized(lang, reg.season.name, reg.season.name_en)}`;

/** Who may enter, in words: the ages on the reference day, or '' when the registration sets none. */
function agesText(reg: RegistrationView, lang: Lang) {
  const min = reg.min_age ? reg.min_age : null;
  const max = reg.max_age;
  if (!reg.age_on || (min === null && max === null)) return '';
  const date = formatDay(reg.age_on, lang);
  if (min !== null && max !== null) return plural(lang, 'register.ages_range', max, { min, max, date });
  if (min !== null) return plural(lang, 'register.ages_min', min, { min, date });
  return plural(lang, 'register.ages_max', max!, { max: max!, date });
}

/**
 * A registration's card: its window on the platform's clock (date and time in Riyadh), who may enter
 * (ages on the reference day, grades), the team's size, whether a school confirms it, and the fee.
 */
function Rules({ reg }: { reg: RegistrationView }) {
  const { t, tn, lang } = useT();
  const moment = reg.open ? reg.closes_at : reg.opens_at;
  const ages = agesText(reg, lang);
  const grades = [...reg.grades].sort((a, b) => Number(a) - Number(b));
  const students =
    reg.min_members === reg.max_members
      ? tn('register.students_exact', reg.max_members)
      : tn('register.students_range', reg.max_members, { min: reg.min_members, max: reg.max_members });
  return (
    <Card variant="outlined" as="li" data-registration={reg._id}>
      <CardBody>
        <h3 className="t-subtitle t-strong">{registrationName(reg, lang)}</h3>
        <p className="t-body2" data-window>
          <Isolated
            k={reg.open ? 'register.closes' : 'register.opens'}
            values={{ date: formatDay(moment, lang), time: formatDate(moment, lang, 'clock') }}
          />
        </p>
        <ul className="plain-list t-body2 muted stack gap-1 mt-1">
          {ages && <li>{ages}</li>}
          {grades.length > 0 && <li>{tn('register.grades', grades.length, { grades: joinList(grades, lang) })}</li>}
          <li>{t('register.team', { students, coaches: tn('register.coaches_max', reg.max_coaches) })}</li>
          {reg.entity_required && <li>{t('register.entity_required')}</li>}
          {reg.max_teams !== null && <li>{tn('register.max_teams', reg.max_teams)}</li>}
          <li>
            {Number(reg.fee) > 0
              ? t('register.fee', { fee: money(reg.fee, reg.currency, lang) })
              : t('register.no_fee')}
          </li>
        </ul>
      </CardBody>
    </Card>
  );
}

const registrationKey = (r: RegistrationView) => `${r.season._id}|${r.competion._id}`;

/**
 * The entity's e-mail on the new-team form, said required or optional as the chosen registration has
 * it. Without JavaScript the page cannot know the choice: when some open registrations require an
 * entity and others do not, the hint names those that do; with JavaScript the label follows the choice.
 */
function EntityEmailField({ open }: { open: RegistrationView[] }) {
  const { t, lang } = useT();
  const requiring = open.filter((r) => r.entity_required);
  const mixed = requiring.length > 0 && requiring.length < open.length;
  // null: not known (mixed, before the script reads the choice).
  const [required, setRequired] = useState<boolean | null>(mixed ? null : requiring.length > 0);
  useEffect(() => {
    const select = document.getElementById('registration');
    if (!(select instanceof HTMLSelectElement)) return;
    const follow = () => setRequired(open.find((r) => registrationKey(r) === select.value)?.entity_required ?? null);
    follow();
    select.addEventListener('change', follow);
    return () => select.removeEventListener('change', follow);
  }, [open]);
  const hint = mixed
    ? t('register.entity_email_required_for', {
        list: joinList(
          requiring.map((r) => registrationName(r, lang)),
          lang,
        ),
      })
    : required
      ? t('register.entity_email_confirms')
      : undefined;
  return (
    <TextField
      name="entity_email"
      type="email"
      label={t(required === false ? 'register.entity_email' : 'register.entity_email_required')}
      helperText={hint}
      required={required === true}
      dir="ltr"
    />
  );
}

/**
 * Changing a live team, without JavaScript: a disclosure with the team's name, members, second coach
 * and entity filled in. The API decides what may change and says what happens (an approved team goes
 * back to approval).
 */
function ChangeTeam({
  team,
  me,
  pending,
}: {
  team: RegisteredTeamView;
  me: string | null;
  /** The fields of a change the API asked to confirm. */
  pending?: ActionResult['confirmUpdate'];
}) {
  const { t } = useT();
  const current = (role: string) => team.people.filter((p) => p.role === role && p.state !== 'declined');
  const members = current('member').map((p) => p.national_id ?? '');
  const coach = current('coach').find((p) => p.national_id !== me)?.national_id ?? '';
  const entity = current('entity')[0]?.email ?? '';
  const id = `change-${team._id}`;
  if (pending)
    return (
      <Form method="post" className="stack gap-1 mt-1" data-confirm="update">
        <input type="hidden" name="team_id" value={team._id} />
        {Object.entries(pending).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <div className="row wrap">
          <SubmitButton variant="contained" name="intent" value="update">
            {t('register.confirm_save')}
          </SubmitButton>
          <a className="btn btn-outlined" href="/teams/register">
            {t('register.cancel')}
          </a>
        </div>
      </Form>
    );
  return (
    <details className="team-change">
      <summary className="t-body2">{t('register.change')}</summary>
      <Form method="post" className="stack gap-2 team-change-form">
        <input type="hidden" name="team_id" value={team._id} />
        <p className="t-body2 muted">
          {t(team.registration_status === 'approved' ? 'register.change_hint_approved' : 'register.change_hint')}
        </p>
        <TextField
          name="name"
          id={`${id}-name`}
          label={t('register.name')}
          defaultValue={team.name}
          required
          maxLength={LIMITS.teamNameMax}
        />
        <TextField
          name="members"
          id={`${id}-members`}
          label={t('register.members')}
          defaultValue={members.join('\n')}
          multiline
          rows={2}
          dir="ltr"
          inputMode="numeric"
        />
        <TextField
          name="coach"
          id={`${id}-coach`}
          label={t('register.second_coach')}
          defaultValue={coach}
          dir="ltr"
          inputMode="numeric"
          maxLength={10}
        />
        <TextField
          name="entity_email"
          id={`${id}-entity`}
          type="email"
          label={t(team.entity_required ? 'register.entity_email_required' : 'register.entity_email')}
          required={team.entity_required}
          defaultValue={entity}
          dir="ltr"
        />
        <div>
          <SubmitButton variant="outlined" name="intent" value="update">
            {t('register.save')}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

/**
 * The owner hands the team over to another coach who accepted a place in it (without JavaScript: a
 * disclosure with the coaches to choose from and what it means).
 */
function HandOver({ team }: { team: RegisteredTeamView }) {
  const { t } = useT();
  const coaches = team.people.filter((p) => p.role === 'coach' && p.state === 'accepted' && !p.owner);
  if (!coaches.length) return null;
  return (
    <details className="team-change">
      <summary className="t-body2">{t('register.hand_over')}</summary>
      <Form method="post" className="stack gap-2 team-change-form">
        <input type="hidden" name="team_id" value={team._id} />
        <p className="t-body2 muted">{t('register.hand_over_hint')}</p>
        <Select name="national_id" id={`owner-${team._id}`} label={t('register.hand_over_to')} required noPlaceholder>
          {coaches.map((c) => (
            <option key={c._id} value={c.national_id ?? ''}>
              {c.name}
            </option>
          ))}
        </Select>
        <div>
          <SubmitButton variant="outlined" name="intent" value="hand_over">
            {t('register.hand_over_submit')}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}

function TeamPanel({ team, me, result }: { team: RegisteredTeamView; me: string | null; result?: ActionResult }) {
  const { t, lang } = useT();
  // What the coach may do is the API's answer (the contract's lifecycle table): the page offers just that.
  const can = (action: TeamAction) => team.actions.includes(action);
  const mine = result?.team_id === team._id ? result : undefined;
  const fee = money(team.fee, team.currency, lang);
  return (
    <Card as="li" variant="outlined" data-team={team.team_no} id={`team-${team._id}`}>
      <CardBody>
        <div className="row row-start row-between">
          <div>
            <h3 className="t-h6">
              <bdi>{team.name}</bdi>
            </h3>
            <p className="t-body2 muted">
              <bdi dir="ltr">{team.team_no}</bdi> · {localized(lang, team.competion.name, team.competion.name_en)} ·{' '}
              {localized(lang, team.season.name, team.season.name_en)}
            </p>
          </div>
          <span className={cx('chip chip-small', STATE_CHIP[team.registration_status])}>
            {t(`register.state.${team.registration_status}`)}
          </span>
        </div>
        <p className="t-body2 mt-1" data-state-text>
          {t(`register.state_text.${team.registration_status}`)}
        </p>
        {team.reason && (
          <Alert severity={team.registration_status === 'rejected' ? 'error' : 'warning'} className="mt-1">
            {t('register.reason', { reason: team.reason })}
          </Alert>
        )}
        <ul className="plain-list team-people">
          {team.people.map((p) => (
            <li key={p._id} className="row row-between">
              <span className="t-body2">
                <bdi>{p.name}</bdi> · {t(`register.role.${p.role}`)}
                {p.owner ? ` · ${t('register.owner')}` : ''}
              </span>
              <span className={cx('t-body2', p.state === 'accepted' ? 'success-text' : 'muted')}>
                {p.guardian_pending ? t('register.guardian_pending') : t(`register.invitation.${p.state}`)}
              </span>
            </li>
          ))}
        </ul>
        {Number(team.fee) > 0 && (
          <p className="t-body2 mb-1" data-fee>
            {team.fee_refunded
              ? t('register.fee_refunded')
              : team.payment_status
                ? t('register.fee_paid')
                : t('register.fee_due', { fee })}
          </p>
        )}
        {team.waitlist_position !== null && (
          <Alert severity="info" className="mb-1" data-waitlist>
            {t('register.waitlisted', { position: team.waitlist_position })}
          </Alert>
        )}
        {team.has_result && <p className="t-body2 muted mb-1">{t('register.has_result')}</p>}
        {can('withdraw') && team.payment_status && Number(team.fee) > 0 && !mine?.confirmWithdraw && (
          <p className="t-body2 muted mb-1">{t('register.withdraw_refunds', { fee })}</p>
        )}
        {mine?.error && (
          <Alert severity={mine.confirmUpdate ? 'warning' : 'error'} className="mb-1">
            {mine.error}
          </Alert>
        )}
        {mine?.confirmWithdraw && can('withdraw') ? (
          <Form method="post" className="stack gap-1 mb-1" data-confirm="withdraw">
            <Alert severity="warning">
              {t('register.confirm_withdraw', { name: team.name })}
              {team.payment_status && Number(team.fee) > 0 ? ` ${t('register.confirm_withdraw_refund', { fee })}` : ''}
            </Alert>
            <input type="hidden" name="team_id" value={team._id} />
            <div className="row wrap">
              <SubmitButton variant="contained" danger name="intent" value="withdraw_confirmed">
                {t('register.confirm_withdraw_yes')}
              </SubmitButton>
              <a className="btn btn-outlined" href="/teams/register">
                {t('register.cancel')}
              </a>
            </div>
          </Form>
        ) : (
          <div className="row wrap">
            {can('submit') && (
              <Form method="post">
                <input type="hidden" name="team_id" value={team._id} />
                <SubmitButton variant="contained" name="intent" value="submit">
                  {t('register.submit')}
                </SubmitButton>
              </Form>
            )}
            {can('pay') && (
              <Form method="post">
                <input type="hidden" name="team_id" value={team._id} />
                <SubmitButton variant="contained" color="secondary" name="intent" value="pay">
                  {t('register.pay')}
                </SubmitButton>
              </Form>
            )}
            {can('withdraw') && (
              <Form method="post">
                <input type="hidden" name="team_id" value={team._id} />
                <SubmitButton variant="outlined" danger name="intent" value="withdraw">
                  {t('register.withdraw')}
                </SubmitButton>
              </Form>
            )}
          </div>
        )}
        {can('edit') && <ChangeTeam team={team} me={me} pending={mine?.confirmUpdate} />}
        {can('hand_over') && <HandOver team={team} />}
      </CardBody>
    </Card>
  );
}

export default function RegisterTeam() {
  const { locked, registrations, teams, me, currentPage, totalPages } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const { t, lang } = useT();
  const open = registrations.filter((r) => r.open);
  return (
    <div className="container container-md page">
      <h1 className="t-h4 gutter">{t('register.title')}</h1>
      {locked ? (
        <UpgradePrompt />
      ) : (
        <>
          {result?.error && !result.team_id && result.intent !== 'register' && result.intent !== 'invite' && (
            <Alert severity="error" className="mb-2">
              {result.error}
            </Alert>
          )}
          <section className="mb-4">
            <h2 className="t-h5 gutter">{t('register.my_teams')}</h2>
            {teams.length === 0 ? (
              <p className="muted">{t('register.no_teams')}</p>
            ) : (
              <ul className="plain-list stack gap-2">
                {teams.map((team) => (
                  <TeamPanel key={team._id} team={team} me={me} result={result} />
                ))}
              </ul>
            )}
            {totalPages > 1 && (
              <nav className="row row-between mt-2" aria-label={t('register.my_teams')}>
                {currentPage > 0 ? <a href={`?page=${currentPage - 1}`}>{t('register.page_prev')}</a> : <span />}
                <span className="t-body2 muted">
                  {t('register.page_of', { page: currentPage + 1, pages: totalPages })}
                </span>
                {currentPage + 1 < totalPages ? (
                  <a href={`?page=${currentPage + 1}`}>{t('register.page_next')}</a>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </section>
          <section className="mb-4">
            <h2 className="t-h5 gutter">{t('register.new_team')}</h2>
            {registrations.length > 0 && (
              <ul className="plain-list stack gap-1 mb-2">
                {registrations.map((r) => (
                  <Rules key={r._id} reg={r} />
                ))}
              </ul>
            )}
            {open.length === 0 ? (
              <Alert severity="info">{t('register.none_open')}</Alert>
            ) : (
              <Card>
                <CardBody>
                  <Form method="post" className="stack gap-2">
                    {result?.error && result.intent === 'register' && <Alert severity="error">{result.error}</Alert>}
                    <Select
                      name="registration"
                      label={t('register.competition')}
                      defaultValue={`${open[0].season._id}|${open[0].competion._id}`}
                      required
                      noPlaceholder
                    >
                      {open.map((r) => (
                        <option key={r._id} value={`${r.season._id}|${r.competion._id}`}>
                          {localized(lang, r.competion.name, r.competion.name_en)} ·{' '}
                          {localized(lang, r.season.name, r.season.name_en)}
                        </option>
                      ))}
                    </Select>
                    <TextField name="name" label={t('register.name')} required maxLength={LIMITS.teamNameMax} />
                    <TextField
                      name="members"
                      label={t('register.members')}
                      helperText={t('register.members_hint')}
                      multiline
                      rows={3}
                      dir="ltr"
                      inputMode="numeric"
                    />
                    <TextField
                      name="coach"
                      label={t('register.second_coach')}
                      dir="ltr"
                      inputMode="numeric"
                      maxLength={10}
                    />
                    <EntityEmailField open={open} />
                    <SubmitButton variant="contained" size="large" name="intent" value="register">
                      {t('register.register')}
                    </SubmitButton>
                  </Form>
                </CardBody>
              </Card>
            )}
          </section>
          <section>
            <h2 className="t-h5 gutter">{t('register.invite_title')}</h2>
            <p className="muted mb-1">{t('register.invite_text')}</p>
            <Form method="post" className="invite-row">
              {result?.error && result.intent === 'invite' && <Alert severity="error">{result.error}</Alert>}
              <TextField name="target" label={t('register.invite_target')} required dir="ltr" />
              <SubmitButton variant="outlined" name="intent" value="invite" className="no-shrink">
                {t('register.invite_send')}
              </SubmitButton>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}

import type { RegisteredTeamView, RegistrationView } from '@platform/contract';
import { Alert, Box, Button, Card, CardContent, Chip, Container, Stack, TextField, Typography } from '@mui/material';
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Isolated } from '~/components/Isolated';
import { SubmitButton } from '~/components/SubmitButton';
import { translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { readForm } from '~/utils/form.server';
import { formatDay, localized } from '~/utils/posts';
import { flashHeaders } from '~/utils/session.server';

/**
 * A coach registers teams (issue 20): the open registrations with their rules, the form (team name,
 * the students' national IDs, a second coach, the entity's e-mail), and the coach's teams with each
 * person's answer, Submit, Pay the fee and Withdraw. Every rule is the API's; its message is shown.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token, lang } = await requireUser(request, ['coach']);
  if (!user.fullAccess) return { locked: true as const, registrations: [], teams: [] };
  const [regs, teams] = await Promise.all([
    api<{ registrations: RegistrationView[] }>(request, '/registrations', { token, lang }),
    api<{ teams: RegisteredTeamView[] }>(request, '/teams', { token, lang }),
  ]);
  if (!regs.ok || !teams.ok) throw new Response('Unavailable', { status: 503 });
  return { locked: false as const, registrations: regs.data.registrations, teams: teams.data.teams };
}

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
    return back(translate(lang, 'register.created', { no: res.data.team.team_no }));
  }
  if (intent === 'submit' || intent === 'withdraw') {
    const res = await call<{ message: string }>(intent === 'submit' ? `/teams/${teamId}/submit` : `/teams/${teamId}`, {
      method: intent === 'submit' ? 'POST' : 'DELETE',
    });
    if (!res.ok) return { error: res.data.message ?? translate(lang, 'register.failed'), intent };
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
  return [{ title: `${translate(lang, 'register.title')} · ${translate(lang, 'brand')}` }];
};

function money(amount: string, currency: string, lang: Lang) {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', {
    style: 'currency',
    currency,
    maximumFractionDigits: 2,
  }).format(Number(amount));
}

const STATE_COLOR = {
  waiting_members: 'warning',
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
} as const;

function Rules({ reg }: { reg: RegistrationView }) {
  const { t, lang } = useT();
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {localized(lang, reg.competion.name, reg.competion.name_en)} ·{' '}
          {localized(lang, reg.season.name, reg.season.name_en)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {reg.open ? (
            <Isolated k="register.closes" values={{ date: formatDay(reg.closes_at, lang) }} />
          ) : (
            <Isolated k="register.opens" values={{ date: formatDay(reg.opens_at, lang) }} />
          )}
        </Typography>
        <Typography variant="body2">
          {t('register.size', { min: reg.min_members, max: reg.max_members, coaches: reg.max_coaches })}
          {reg.entity_required ? ` · ${t('register.entity_required')}` : ''}
          {reg.grades.length
            ? ` · ${t('register.grades', { grades: reg.grades.join(lang === 'ar' ? '، ' : ', ') })}`
            : ''}
        </Typography>
        <Typography variant="body2">
          {Number(reg.fee) > 0 ? t('register.fee', { fee: money(reg.fee, reg.currency, lang) }) : t('register.no_fee')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function TeamPanel({ team }: { team: RegisteredTeamView }) {
  const { t, lang } = useT();
  // Until registration closes, the API lets the coach withdraw a team that is not withdrawn or rejected.
  const live = ['waiting_members', 'submitted', 'approved'].includes(team.registration_status);
  const feeDue = Number(team.fee) > 0 && !team.payment_status && team.registration_status !== 'withdrawn';
  return (
    <Card component="li" variant="outlined" data-team={team.team_no}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box>
            <Typography variant="h6" component="h3">
              <bdi>{team.name}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi dir="ltr">{team.team_no}</bdi> · {localized(lang, team.competion.name, team.competion.name_en)} ·{' '}
              {localized(lang, team.season.name, team.season.name_en)}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={STATE_COLOR[team.registration_status]}
            label={t(`register.state.${team.registration_status}`)}
          />
        </Stack>
        {team.reason && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('register.reason', { reason: team.reason })}
          </Alert>
        )}
        <Box component="ul" sx={{ pl: 0, listStyle: 'none', my: 1.5 }}>
          {team.people.map((p) => (
            <Stack component="li" key={p._id} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
              <Typography variant="body2">
                <bdi>{p.name}</bdi> · {t(`register.role.${p.role}`)}
              </Typography>
              <Typography variant="body2" color={p.state === 'accepted' ? 'success.main' : 'text.secondary'}>
                {t(`register.invitation.${p.state}`)}
              </Typography>
            </Stack>
          ))}
        </Box>
        {Number(team.fee) > 0 && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {team.payment_status
              ? t('register.fee_paid')
              : t('register.fee_due', { fee: money(team.fee, team.currency, lang) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {team.registration_status === 'waiting_members' && (
            <Form method="post">
              <input type="hidden" name="team_id" value={team._id} />
              <SubmitButton variant="contained" name="intent" value="submit">
                {t('register.submit')}
              </SubmitButton>
            </Form>
          )}
          {feeDue && (
            <Form method="post">
              <input type="hidden" name="team_id" value={team._id} />
              <SubmitButton variant="contained" color="secondary" name="intent" value="pay">
                {t('register.pay')}
              </SubmitButton>
            </Form>
          )}
          {live && (
            <Form method="post">
              <input type="hidden" name="team_id" value={team._id} />
              <SubmitButton variant="outlined" color="error" name="intent" value="withdraw">
                {t('register.withdraw')}
              </SubmitButton>
            </Form>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function RegisterTeam() {
  const { locked, registrations, teams } = useLoaderData<typeof loader>();
  const result = useActionData<{ error?: string; intent?: string }>();
  const { t, lang } = useT();
  const open = registrations.filter((r) => r.open);
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('register.title')}
      </Typography>
      {locked ? (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/subcription/package" color="inherit" size="small">
              {t('home.upgrade_action')}
            </Button>
          }
        >
          {t('home.upgrade')}
        </Alert>
      ) : (
        <>
          {result?.error && result.intent !== 'register' && result.intent !== 'invite' && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {result.error}
            </Alert>
          )}
          <Box component="section" sx={{ mb: 4 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('register.my_teams')}
            </Typography>
            {teams.length === 0 ? (
              <Typography color="text.secondary">{t('register.no_teams')}</Typography>
            ) : (
              <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }}>
                {teams.map((team) => (
                  <TeamPanel key={team._id} team={team} />
                ))}
              </Stack>
            )}
          </Box>
          <Box component="section" sx={{ mb: 4 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {t('register.new_team')}
            </Typography>
            {registrations.length > 0 && (
              <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mb: 2, listStyle: 'none' }}>
                {registrations.map((r) => (
                  <Rules key={r._id} reg={r} />
                ))}
              </Stack>
            )}
            {open.length === 0 ? (
              <Alert severity="info">{t('register.none_open')}</Alert>
            ) : (
              <Card>
                <CardContent>
                  <Form method="post">
                    <Stack spacing={2}>
                      {result?.error && result.intent === 'register' && <Alert severity="error">{result.error}</Alert>}
                      <TextField
                        select
                        name="registration"
                        label={t('register.competition')}
                        defaultValue={`${open[0].season._id}|${open[0].competion._id}`}
                        required
                        fullWidth
                        slotProps={{ select: { native: true } }}
                      >
                        {open.map((r) => (
                          <option key={r._id} value={`${r.season._id}|${r.competion._id}`}>
                            {localized(lang, r.competion.name, r.competion.name_en)} ·{' '}
                            {localized(lang, r.season.name, r.season.name_en)}
                          </option>
                        ))}
                      </TextField>
                      <TextField
                        name="name"
                        label={t('register.name')}
                        required
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: 100 } }}
                      />
                      <TextField
                        name="members"
                        label={t('register.members')}
                        helperText={t('register.members_hint')}
                        multiline
                        minRows={3}
                        fullWidth
                        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric' } }}
                      />
                      <TextField
                        name="coach"
                        label={t('register.second_coach')}
                        fullWidth
                        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 10 } }}
                      />
                      <TextField
                        name="entity_email"
                        type="email"
                        label={t('register.entity_email')}
                        fullWidth
                        slotProps={{ htmlInput: { dir: 'ltr' } }}
                      />
                      <SubmitButton variant="contained" size="large" name="intent" value="register">
                        {t('register.register')}
                      </SubmitButton>
                    </Stack>
                  </Form>
                </CardContent>
              </Card>
            )}
          </Box>
          <Box component="section">
            <Typography variant="h5" component="h2" gutterBottom>
              {t('register.invite_title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('register.invite_text')}
            </Typography>
            <Form method="post">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                {result?.error && result.intent === 'invite' && <Alert severity="error">{result.error}</Alert>}
                <TextField
                  name="target"
                  label={t('register.invite_target')}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <SubmitButton variant="outlined" name="intent" value="invite" sx={{ flexShrink: 0 }}>
                  {t('register.invite_send')}
                </SubmitButton>
              </Stack>
            </Form>
          </Box>
        </>
      )}
    </Container>
  );
}

import {
  Alert,
  Avatar,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  Container,
  FormControlLabel,
  Grid,
  Link as MuiLink,
  List,
  ListItem,
  Pagination,
  PaginationItem,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { translate, useT } from '~/i18n';
import { api, type ApiUser } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { signupReference } from '~/utils/reference.server';
import { getSession, sessionStorage } from '~/utils/session.server';
import { AchievementCard, type Achievement } from '~/components/AchievementCard';
import type { BillingOrder } from '@platform/contract';
import { BillingTab } from '~/components/BillingTab';
import { TeamCard, type Team } from '~/components/TeamCard';
import { UploadForm } from '~/components/UploadForm';
import { CodeInput } from '~/components/CodeInput';
import { codeOf, digitsInput, phoneInput, toAsciiDigits } from '~/utils/digits';
import { forwardAccountUpload } from '~/utils/upload.server';
import { formatDay } from '~/utils/posts';
import { readForm } from '~/utils/form.server';
import { LIMITS, GENDERS } from '@platform/contract';
import { PasswordField } from '~/components/PasswordField';
import { SubmitButton } from '~/components/SubmitButton';
import { Isolated } from '~/components/Isolated';

interface AccountUser extends ApiUser {
  dob: string | null;
  gender: string | null;
  nationality: string | null;
  region: string | null;
  city: string | null;
  entityType: string | null;
  tax_id: string | null;
  crNumber: string | null;
  education: { school_name: string; education_admin: string; level: string; grade: string } | null;
  supervisor: { name: string; email: string; phone_number: string; supervisor_id: string } | null;
  skilles: { _id: string; name: string }[];
  /** Under 18: the public profile starts hidden and shows only name, picture and achievements. */
  minor: boolean;
  public_profile: boolean;
}

interface Certificate {
  _id: string;
  name: string;
  name_en: string;
  date: string;
  file: string | null;
}

interface ResearchEntry {
  _id: string;
  title: string;
  desc: string;
  file: { name: string; size: number; type: string };
  created_at: string;
}

/** The research file types the API accepts (spec §5). */
const RESEARCH_ACCEPT = '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.zip';

const ALL_TABS = [
  'profile',
  'myteams',
  'achivements',
  'myskills',
  'certificates',
  'research',
  'subscriptions',
  'settings',
  'logout',
] as const;
type TabName = (typeof ALL_TABS)[number];

/** Which tabs a member type sees (spec §2 "Account page"). */
function tabsFor(type: number): TabName[] {
  return ALL_TABS.filter((tab) => {
    if (type === 2 && ['myskills', 'certificates', 'research'].includes(tab)) return false;
    if (tab === 'subscriptions') return type === 1 || type === 2;
    return true;
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, ['student', 'coach', 'entity']);
  const tab = new URL(request.url).searchParams.get('tab');
  const call = <T,>(path: string) => api<T>(request, path, { token: viewer.token, lang: viewer.lang });
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  // Teams, achievements and certificates need a valid plan for coaches and entities (the API's rule).
  const fullAccess = viewer.user.fullAccess;
  const [account, reference, certs, research, teams, achievements, orders] = await Promise.all([
    call<{ user: AccountUser }>('/accounts'),
    signupReference(request, viewer.lang),
    tab === 'certificates' && fullAccess ? call<{ certificates: Certificate[] }>('/certificates') : null,
    tab === 'research' ? call<{ research: ResearchEntry[] }>('/research') : null,
    tab === 'myteams' && fullAccess ? call<Paged<{ teams: Team[] }>>(`/wro/get-teams?page=${page - 1}`) : null,
    tab === 'achivements' && fullAccess
      ? call<Paged<{ achievements: Achievement[] }>>(`/achievements?page=${page - 1}&limit=12`)
      : null,
    tab === 'subscriptions' && (viewer.user.type === 1 || viewer.user.type === 2)
      ? api<Paged<{ myOrders: BillingOrder[] }>>(request, '/orders/', {
          token: viewer.token,
          lang: viewer.lang,
          body: { page: page - 1 },
        })
      : null,
  ]);
  // A failed account load goes home (spec §2).
  if (!account.ok) throw redirect('/');
  const phoneChange = (await getSession(request)).get('phoneChange');
  return {
    user: account.data.user,
    phoneChange: phoneChange && phoneChange.until > Date.now() ? phoneChange : null,
    reference,
    certificates: certs?.ok ? certs.data.certificates : [],
    research: research?.ok ? research.data.research : [],
    teams: teams?.ok ? teams.data.teams : [],
    achievements: achievements?.ok ? achievements.data.achievements : [],
    orders: orders?.ok ? orders.data.myOrders : [],
    totalPages:
      (teams?.ok
        ? teams.data.totalPages
        : achievements?.ok
          ? achievements.data.totalPages
          : orders?.ok
            ? orders.data.totalPages
            : 0) || 0,
    page,
    fullAccess,
  };
}

type Paged<T> = T & { currentPage: number; totalPages: number };

/** Pages as links (?tab=…&page=n), so they work without JavaScript. */
function PageLinks({ tab, page, count }: { tab: TabName; page: number; count: number }) {
  if (count <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 2 }}
      page={page}
      count={count}
      renderItem={(item) => (
        <PaginationItem component={Link} to={`/accounts?tab=${tab}&page=${item.page ?? 1}`} {...item} />
      )}
    />
  );
}

function UpgradePrompt() {
  const { t } = useT();
  return (
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
  );
}

/** Fields people type digits into: sent to the API in ASCII digits. */
const DIGIT_FIELDS = new Set([
  'phone_number',
  'tax_id',
  'crNumber',
  'education.grade',
  'supervisor.phone_number',
  'supervisor.supervisor_id',
]);

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  if (typeof v !== 'string') return undefined;
  return DIGIT_FIELDS.has(name) ? toAsciiDigits(v.trim()) : v.trim();
};

/** How long the account page offers the code step of a phone change (the API's codes last 10 minutes). */
const PHONE_CODE_MS = 10 * 60_000;

type Session = Awaited<ReturnType<typeof getSession>>;

async function flashBack(
  request: Request,
  type: 'success' | 'error' | 'info',
  message: string,
  tab: TabName,
  update?: (session: Session) => void,
) {
  const session = await getSession(request);
  update?.(session);
  session.flash('toast', { type, text: message });
  return redirect(`/accounts?tab=${tab}`, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { token, lang, user } = await requireUser(request, ['student', 'coach', 'entity']);
  const intent = form.get('intent');
  const failed = (message: string | undefined, tab: TabName) =>
    data({ error: message ?? translate(lang, 'account.failed'), tab }, { status: 400 });
  const call = (path: string, method: string, body?: unknown) => api(request, path, { method, body, token, lang });

  switch (intent) {
    case 'profile': {
      const body: Record<string, unknown> = {};
      for (const name of [
        'name',
        'phone_number',
        'dob',
        'gender',
        'nationality',
        'region',
        'city',
        'entityType',
        'tax_id',
        'crNumber',
      ]) {
        const v = text(form, name);
        if (v !== undefined) body[name] = v;
      }
      if (user.type !== 2) {
        body.education = Object.fromEntries(
          ['school_name', 'education_admin', 'level', 'grade']
            .map((k) => [k, text(form, `education.${k}`)])
            .filter(([, v]) => v !== undefined),
        );
      } else {
        body.supervisor = Object.fromEntries(
          ['name', 'email', 'phone_number', 'supervisor_id']
            .map((k) => [k, text(form, `supervisor.${k}`)])
            .filter(([, v]) => v !== undefined),
        );
      }
      const res = await api<{ phone_pending?: { destination: string; length: number } }>(request, '/accounts', {
        body,
        token,
        lang,
      });
      if (!res.ok) return failed(res.data.message, 'profile');
      // A new phone number is saved only once the code sent to it comes back (phone-code below).
      const pending = res.data.phone_pending;
      return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'profile', (s) => {
        if (pending) s.set('phoneChange', { ...pending, until: Date.now() + PHONE_CODE_MS });
      });
    }
    case 'phone-code': {
      const code = codeOf(form, (await getSession(request)).get('phoneChange')?.length ?? 6);
      if (!code) return failed(translate(lang, 'verify.incorrect'), 'profile');
      const res = await call('/accounts/phone', 'POST', { code });
      if (!res.ok) return failed(res.data.message ?? translate(lang, 'verify.incorrect'), 'profile');
      return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'profile', (s) =>
        s.unset('phoneChange'),
      );
    }
    case 'phone-cancel': {
      return flashBack(request, 'info', translate(lang, 'account.phone_code_cancelled'), 'profile', (s) =>
        s.unset('phoneChange'),
      );
    }
    case 'picture':
    case 'research-add': {
      const tab = intent === 'picture' ? 'profile' : 'research';
      const res = await forwardAccountUpload(intent, form, token, lang);
      if (!res.ok) return failed(res.message, tab);
      return flashBack(request, 'success', res.message ?? translate(lang, 'account.updated'), tab);
    }
    case 'research-delete': {
      const res = await call(`/research/${encodeURIComponent(text(form, 'id') ?? '')}`, 'DELETE');
      if (!res.ok) return failed(res.data.message, 'research');
      return flashBack(request, 'success', res.data.message ?? '', 'research');
    }
    case 'skill-add':
    case 'skill-edit': {
      const name = text(form, 'name');
      if (!name) return failed(translate(lang, 'account.empty_name'), 'myskills');
      const res =
        intent === 'skill-add'
          ? await call('/skills/', 'POST', { skillname: name })
          : await call('/skills/', 'PUT', { id: text(form, 'id'), name });
      if (!res.ok) return failed(res.data.message, 'myskills');
      return flashBack(request, 'success', res.data.message ?? '', 'myskills');
    }
    case 'skill-delete': {
      const res = await call(`/skills/?id=${encodeURIComponent(text(form, 'id') ?? '')}`, 'DELETE');
      if (!res.ok) return failed(res.data.message, 'myskills');
      return flashBack(request, 'success', res.data.message ?? '', 'myskills');
    }
    case 'public-profile': {
      // A switch posts "on" when on and nothing when off.
      const res = await call('/accounts', 'POST', { public_profile: form.get('public_profile') === 'on' });
      if (!res.ok) return failed(res.data.message, 'settings');
      return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'settings');
    }
    case 'password': {
      const body = {
        password: form.get('password'),
        npassword: form.get('npassword'),
        cpassword: form.get('cpassword'),
      };
      if (!body.password || !body.npassword || !body.cpassword)
        return failed(translate(lang, 'account.old_password'), 'settings');
      if (body.npassword !== body.cpassword) return failed(translate(lang, 'account.password_mismatch'), 'settings');
      const res = await call('/accounts/changepassword', 'POST', body);
      if (!res.ok) return failed(res.data.message, 'settings');
      // The API ended every session: sign out here too (spec §4).
      const session = await getSession(request);
      session.unset('token');
      session.flash('toast', { type: 'success', text: res.data.message ?? '' });
      return redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
    }
    default:
      return failed(undefined, 'profile');
  }
}

function Field(props: {
  name: string;
  label: string;
  value?: string | null;
  type?: string;
  ltr?: boolean;
  required?: boolean;
  options?: { id: string; name: string }[];
  /** Digits are typed here: the number (or phone) keyboard, Arabic-Indic digits written as ASCII. */
  digits?: 'number' | 'phone';
}) {
  const { name, label, value, type, ltr, required, options, digits } = props;
  if (options) {
    return (
      <TextField
        id={name}
        name={name}
        label={label}
        defaultValue={value ?? ''}
        select
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" />
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      id={name}
      name={name}
      label={label}
      defaultValue={value ?? ''}
      type={type}
      required={required}
      fullWidth
      slotProps={{
        htmlInput: digits === 'phone' ? phoneInput : digits ? digitsInput : ltr ? { dir: 'ltr' } : undefined,
        inputLabel: type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );
}

/** The code step of a phone change: the new number replaces the old one once its code comes back. */
function PhoneCodeStep({ destination, length }: { destination: string; length: number }) {
  const { t } = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {t('account.phone_code_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('verify.code_intro', { length })} <bdi dir="ltr">{destination}</bdi>
      </Typography>
      <Form method="post">
        <input type="hidden" name="intent" value="phone-code" />
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CodeInput length={length} />
          <SubmitButton variant="contained">{t('account.phone_code_submit')}</SubmitButton>
        </Stack>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="phone-cancel" />
        <SubmitButton sx={{ mt: 1 }}>{t('account.phone_code_cancel')}</SubmitButton>
      </Form>
    </Paper>
  );
}

function ProfileTab({
  user,
  reference,
  phoneChange,
}: {
  user: AccountUser;
  reference: { regions: { id: string; name: string }[]; countries: { id: string; name: string }[] };
  phoneChange: { destination: string; length: number } | null;
}) {
  const { t, m } = useT();
  // Without JavaScript both buttons always show; with it, only once there is something to send.
  const [enhanced, setEnhanced] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [picked, setPicked] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const busy = useNavigation().state === 'submitting';
  const entity = user.type === 2;
  const half = { xs: 12, sm: 6 };
  const gridFields: ReactNode[] = [
    <Field key="name" name="name" label={t('account.name')} value={user.name} required />,
    // Keyed by the saved number and any change waiting for its code, so the box shows the number in force.
    <Field
      key={`phone-${user.phone_number}-${phoneChange?.destination ?? ''}`}
      name="phone_number"
      label={t('account.phone')}
      value={user.phone_number}
      type="tel"
      digits="phone"
    />,
    <TextField
      key="email"
      label={t('account.email')}
      value={user.email ?? ''}
      fullWidth
      disabled
      slotProps={{ htmlInput: { dir: 'ltr' } }}
    />,
    !entity && (
      <TextField
        key="iqama"
        label={t('account.iqama')}
        value={user.national_id ?? ''}
        fullWidth
        disabled
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
    ),
    !entity && <Field key="dob" name="dob" label={t('account.dob')} value={user.dob} type="date" />,
    !entity && (
      <Field
        key="gender"
        name="gender"
        label={t('account.gender')}
        value={user.gender}
        options={GENDERS.map((id) => ({ id, name: t(id === 'Male' ? 'account.male' : 'account.female') }))}
      />
    ),
    !entity && (
      <Field
        key="nat"
        name="nationality"
        label={t('account.nationality')}
        value={user.nationality}
        options={reference.countries}
      />
    ),
    user.type !== 0 && (
      <Field key="region" name="region" label={t('account.region')} value={user.region} options={reference.regions} />
    ),
    <Field key="city" name="city" label={t('account.city')} value={user.city} />,
    !entity && (
      <Field
        key="school"
        name="education.school_name"
        label={t('account.school')}
        value={user.education?.school_name}
      />
    ),
    user.type === 0 && (
      <Field
        key="admin"
        name="education.education_admin"
        label={t('account.education_admin')}
        value={user.education?.education_admin}
      />
    ),
    user.type === 0 && (
      <Field
        key="level"
        name="education.level"
        label={t('account.level')}
        value={user.education?.level}
        options={(['Elementry', 'Jonior', 'Senior'] as const).map((l) => ({ id: l, name: m.signup.levels[l] }))}
      />
    ),
    user.type === 0 && (
      <Field
        key="grade"
        name="education.grade"
        label={t('account.grade')}
        value={user.education?.grade}
        options={Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), name: String(i + 1) }))}
      />
    ),
    user.type === 1 && (
      <Field key="qual" name="education.level" label={t('account.qualification')} value={user.education?.level} />
    ),
    entity && (
      <Field
        key="etype"
        name="entityType"
        label={t('account.entity_type')}
        value={user.entityType}
        options={Object.entries(m.signup.entity_types).map(([id, name]) => ({ id, name }))}
      />
    ),
    entity && <Field key="tax" name="tax_id" label={t('account.tax_id')} value={user.tax_id} digits="number" />,
    entity && <Field key="cr" name="crNumber" label={t('account.cr_number')} value={user.crNumber} digits="number" />,
    entity && (
      <Field key="sname" name="supervisor.name" label={t('signup.supervisor_name')} value={user.supervisor?.name} />
    ),
    entity && (
      <Field
        key="sid"
        name="supervisor.supervisor_id"
        label={t('signup.supervisor_id')}
        value={user.supervisor?.supervisor_id}
        digits="number"
      />
    ),
    entity && (
      <Field
        key="semail"
        name="supervisor.email"
        label={t('signup.supervisor_email')}
        value={user.supervisor?.email}
        ltr
      />
    ),
    entity && (
      <Field
        key="sphone"
        name="supervisor.phone_number"
        label={t('signup.supervisor_phone')}
        value={user.supervisor?.phone_number}
        type="tel"
        digits="phone"
      />
    ),
  ].filter(Boolean);
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar
          src={user.picture ?? undefined}
          alt=""
          sx={{ width: 96, height: 96, fontSize: 40, bgcolor: 'secondary.main' }}
        >
          {user.name.slice(0, 1)}
        </Avatar>
        <Box>
          <Typography variant="h6">{user.name}</Typography>
          {user.type !== 2 &&
            (user.public_profile ? (
              <MuiLink component={Link} to={`/profile/public/${user._id}`}>
                {t('account.public_profile')}
              </MuiLink>
            ) : (
              // Hidden: the way to the switch that shows it.
              <MuiLink component={Link} to="/accounts?tab=settings">
                {t('account.public_profile_switch')}
              </MuiLink>
            ))}
          <UploadForm intent="picture" maxBytes={LIMITS.pictureBytes} onDone={() => setPicked(false)}>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Button component="label" variant="outlined" size="small">
                {t('account.choose_picture')}
                <input
                  type="file"
                  name="file"
                  accept="image/jpeg,image/png"
                  hidden
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    setPicked(!!file && file.size <= LIMITS.pictureBytes);
                  }}
                />
              </Button>
              {(picked || !enhanced) && (
                <Button type="submit" variant="contained" size="small" disabled={busy}>
                  {t('account.upload_picture')}
                </Button>
              )}
              <Typography variant="caption" color="text.secondary">
                {t('account.picture_hint')}
              </Typography>
            </Stack>
          </UploadForm>
        </Box>
      </Stack>
      {phoneChange && <PhoneCodeStep destination={phoneChange.destination} length={phoneChange.length} />}
      <Form method="post" onChange={() => setDirty(true)}>
        <input type="hidden" name="intent" value="profile" />
        <Grid container spacing={2}>
          {gridFields.map((f, i) => (
            <Grid key={i} size={half}>
              {f}
            </Grid>
          ))}
        </Grid>
        {(dirty || !enhanced) && (
          <SubmitButton variant="contained" sx={{ mt: 2 }}>
            {t('account.update')}
          </SubmitButton>
        )}
      </Form>
    </Stack>
  );
}

/**
 * Asks before deleting, in the page's own words: a step shown in place (a link to ?confirm=id), so
 * it works without JavaScript too; Cancel goes back to the list.
 */
function ConfirmDelete({ tab, intent, id, name }: { tab: TabName; intent: string; id: string; name: string }) {
  const { t } = useT();
  return (
    <Alert
      severity="warning"
      role="alertdialog"
      aria-labelledby={`confirm-${id}`}
      sx={{ width: '100%', '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography id={`confirm-${id}`} sx={{ fontWeight: 600 }}>
        <Isolated k="ui.delete_title" values={{ name }} />
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('account.delete_confirm')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <SubmitButton size="small" variant="contained" color="error" autoFocus>
            {t('ui.delete_yes')}
          </SubmitButton>
        </Form>
        <Button size="small" component={Link} to={`/accounts?tab=${tab}`} replace>
          {t('ui.cancel')}
        </Button>
      </Stack>
    </Alert>
  );
}

function SkillsTab({ skills }: { skills: AccountUser['skilles'] }) {
  const { t } = useT();
  const [params] = useSearchParams();
  // Editing and deleting are steps in the address (?edit=id, ?confirm=id): they work without JavaScript.
  const editing = params.get('edit');
  const confirming = params.get('confirm');
  return (
    <Stack spacing={2}>
      <Form method="post" key={skills.length}>
        <input type="hidden" name="intent" value="skill-add" />
        <Stack direction="row" spacing={1}>
          <TextField
            id="skill-new"
            name="name"
            label={t('account.skill_name')}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <SubmitButton variant="contained">{t('account.save')}</SubmitButton>
        </Stack>
      </Form>
      {skills.length === 0 ? (
        <Typography color="text.secondary">{t('account.skills_empty')}</Typography>
      ) : (
        <List disablePadding>
          {skills.map((s) => (
            <ListItem key={s._id} divider sx={{ gap: 1, flexWrap: 'wrap' }} data-skill={s.name}>
              {editing === s._id ? (
                <Form method="post" style={{ display: 'flex', gap: 8, flex: 1, flexWrap: 'wrap' }}>
                  <input type="hidden" name="intent" value="skill-edit" />
                  <input type="hidden" name="id" value={s._id} />
                  <TextField
                    name="name"
                    defaultValue={s.name}
                    size="small"
                    sx={{ flex: 1, minWidth: 160 }}
                    autoFocus
                    slotProps={{ htmlInput: { maxLength: 60, 'aria-label': t('account.skill_name') } }}
                  />
                  <SubmitButton variant="contained" size="small">
                    {t('account.update_skill')}
                  </SubmitButton>
                  <Button size="small" component={Link} to="/accounts?tab=myskills" replace>
                    {t('ui.cancel')}
                  </Button>
                </Form>
              ) : confirming === s._id ? (
                <ConfirmDelete tab="myskills" intent="skill-delete" id={s._id} name={s.name} />
              ) : (
                <>
                  <Typography sx={{ flex: 1 }}>{s.name}</Typography>
                  <Button size="small" component={Link} to={`/accounts?tab=myskills&edit=${s._id}`} replace>
                    {t('ui.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    component={Link}
                    to={`/accounts?tab=myskills&confirm=${s._id}`}
                    replace
                  >
                    {t('account.delete')}
                  </Button>
                </>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

function CertificatesTab({ certificates }: { certificates: Certificate[] }) {
  const { t, lang } = useT();
  if (certificates.length === 0)
    return <Typography color="text.secondary">{t('account.certificates_empty')}</Typography>;
  return (
    <List disablePadding>
      {certificates.map((c) => (
        <ListItem key={c._id} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography>{lang === 'ar' ? c.name : c.name_en}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDay(c.date, lang)}
            </Typography>
          </Box>
          {c.file && (
            <Button href={c.file} size="small" download>
              {t('account.download')}
            </Button>
          )}
        </ListItem>
      ))}
    </List>
  );
}

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function ResearchTab({ entries }: { entries: ResearchEntry[] }) {
  const { t, lang } = useT();
  const confirming = useSearchParams()[0].get('confirm');
  return (
    <Stack spacing={3}>
      <UploadForm intent="research-add" key={entries.length}>
        <Stack spacing={2}>
          <TextField
            id="research-title"
            name="title"
            label={t('account.research_title')}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            id="research-desc"
            name="desc"
            label={t('account.research_desc')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
          <Box>
            <input id="research-file" type="file" name="file" accept={RESEARCH_ACCEPT} required />
            <Typography variant="caption" color="text.secondary" component="p">
              {t('account.research_hint')}
            </Typography>
          </Box>
          <Box>
            <SubmitButton variant="contained">{t('account.save')}</SubmitButton>
          </Box>
        </Stack>
      </UploadForm>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('account.research_empty')}</Typography>
      ) : (
        <List disablePadding>
          {entries.map((r) => (
            <ListItem key={r._id} divider sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Typography sx={{ fontWeight: 600 }}>{r.title}</Typography>
                {r.desc && (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {r.desc}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  <bdi>{r.file.name}</bdi> · {formatSize(r.file.size)} · {formatDay(r.created_at, lang)}
                </Typography>
              </Box>
              <Button href={`/accounts/research/${r._id}`} size="small">
                {t('account.download')}
              </Button>
              {confirming === r._id ? (
                <ConfirmDelete tab="research" intent="research-delete" id={r._id} name={r.title} />
              ) : (
                <Button
                  size="small"
                  color="error"
                  component={Link}
                  to={`/accounts?tab=research&confirm=${r._id}`}
                  replace
                >
                  {t('account.delete')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** "Show my public profile": students and coaches (entities have no public profile). */
function PublicProfileSetting({ user }: { user: AccountUser }) {
  const { t } = useT();
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="public-profile" />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('account.public_profile_title')}
      </Typography>
      <FormControlLabel
        sx={{ mx: 0 }}
        control={
          <Switch
            id="public_profile"
            name="public_profile"
            defaultChecked={user.public_profile}
            slotProps={{ input: { 'aria-describedby': 'public_profile-help' } as object }}
          />
        }
        label={t('account.public_profile_switch')}
      />
      <Typography id="public_profile-help" variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 560 }}>
        {t(user.minor ? 'account.public_profile_minor' : 'account.public_profile_adult')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {t('account.public_profile_save')}
        </Button>
        {user.public_profile && (
          <MuiLink component={Link} to={`/profile/public/${user._id}`}>
            {t('account.public_profile')}
          </MuiLink>
        )}
      </Stack>
    </Form>
  );
}

function SettingsTab({ user }: { user: AccountUser }) {
  return (
    <>
      {user.type !== 2 && (
        <Box sx={{ mb: 4 }}>
          <PublicProfileSetting user={user} key={String(user.public_profile)} />
        </Box>
      )}
      <PasswordForm />
    </>
  );
}

function PasswordForm() {
  const { t } = useT();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="password" />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('account.password_title')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <PasswordField
          id="password"
          name="password"
          label={t('account.current_password')}
          autoComplete="current-password"
        />
        <PasswordField id="npassword" name="npassword" label={t('account.new_password')} autoComplete="new-password" />
        <PasswordField
          id="cpassword"
          name="cpassword"
          label={t('account.retype_password')}
          autoComplete="new-password"
        />
        <SubmitButton variant="contained">{t('account.change_password')}</SubmitButton>
      </Stack>
    </Form>
  );
}

export default function Accounts() {
  const {
    user,
    phoneChange,
    reference,
    certificates,
    research,
    teams,
    achievements,
    orders,
    totalPages,
    page,
    fullAccess,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const [params] = useSearchParams();
  const tabs = tabsFor(user.type);
  const asked = (result?.tab ?? params.get('tab')) as TabName | null;
  const tab: TabName = asked && tabs.includes(asked) ? asked : 'profile';
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/">
          {t('account.breadcrumb_home')}
        </MuiLink>
        <Typography color="text.primary">{t('account.breadcrumb')}</Typography>
      </Breadcrumbs>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Card>
            {(['vertical', 'horizontal'] as const).map((orientation) => (
              <Tabs
                key={orientation}
                orientation={orientation}
                value={tab}
                variant="scrollable"
                scrollButtons="auto"
                // On a phone the arrows stay as the cue that more tabs lie sideways; no label is cut.
                allowScrollButtonsMobile
                aria-label={t('account.title')}
                sx={{
                  display: orientation === 'vertical' ? { xs: 'none', md: 'flex' } : { xs: 'flex', md: 'none' },
                  '& .MuiTab-root': { alignItems: 'flex-start' },
                  ...(orientation === 'horizontal' && {
                    '& .MuiTab-root': { maxWidth: 'none', whiteSpace: 'nowrap', minWidth: 0, px: 1.5 },
                    '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
                  }),
                }}
              >
                {tabs.map((name) => (
                  <Tab
                    key={name}
                    value={name}
                    label={t(`account.tabs.${name}`)}
                    component={Link}
                    to={`/accounts?tab=${name}`}
                  />
                ))}
              </Tabs>
            ))}
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Card>
            <CardContent>
              <Typography variant="h5" component="h1" gutterBottom>
                {t(`account.tabs.${tab}`)}
              </Typography>
              {result?.error && (
                <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                  {result.error}
                </Alert>
              )}
              {tab === 'profile' && <ProfileTab user={user} reference={reference} phoneChange={phoneChange} />}
              {tab === 'myskills' && <SkillsTab skills={user.skilles} />}
              {(tab === 'myteams' || tab === 'achivements' || tab === 'certificates') && !fullAccess && (
                <UpgradePrompt />
              )}
              {tab === 'myteams' && fullAccess && (
                <>
                  {teams.length === 0 ? (
                    <Typography color="text.secondary">{t('account.teams_empty')}</Typography>
                  ) : (
                    <Grid container spacing={2}>
                      {teams.map((team) => (
                        <Grid key={team._id} size={{ xs: 12, sm: 6 }}>
                          <TeamCard team={team} />
                        </Grid>
                      ))}
                    </Grid>
                  )}
                  <PageLinks tab={tab} page={page} count={totalPages} />
                </>
              )}
              {tab === 'achivements' && fullAccess && (
                <>
                  {achievements.length === 0 ? (
                    <Typography color="text.secondary">{t('account.achievements_empty')}</Typography>
                  ) : (
                    <Grid container spacing={2}>
                      {achievements.map((a) => (
                        <Grid key={a._id} size={{ xs: 6, sm: 4, md: 3 }}>
                          <AchievementCard achievement={a} />
                        </Grid>
                      ))}
                    </Grid>
                  )}
                  <PageLinks tab={tab} page={page} count={totalPages} />
                </>
              )}
              {tab === 'certificates' && fullAccess && <CertificatesTab certificates={certificates} />}
              {tab === 'research' && <ResearchTab entries={research} />}
              {tab === 'settings' && <SettingsTab user={user} />}
              {tab === 'logout' && (
                <Form method="post" action="/logout">
                  <Typography sx={{ mb: 2 }}>{t('account.logout_text')}</Typography>
                  <SubmitButton variant="contained" color="error">
                    {t('account.tabs.logout')}
                  </SubmitButton>
                </Form>
              )}
              {tab === 'subscriptions' && (
                <>
                  <BillingTab orders={orders} />
                  <PageLinks tab={tab} page={page} count={totalPages} />
                </>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Container>
  );
}

import { data, redirect } from '@remix-run/node';
import { translate, type Lang } from '~/i18n';
import { AccountType, type MemberUser } from '@platform/contract';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { getSession, sessionStorage } from '~/utils/session.server';
import { codeOf, toAsciiDigits } from '~/utils/digits';
import { forwardAccountUpload } from '~/utils/upload.server';
import { readForm } from '~/utils/form.server';
import type { TabName } from './tabs';

/** Fields people type digits into: sent to the API in ASCII digits. */
const DIGIT_FIELDS = new Set([
  'phone_number',
  'tax_id',
  'crNumber',
  'education.grade',
  'grade',
  'supervisor.phone_number',
  'supervisor.supervisor_id',
  'address.building',
  'address.postal_code',
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

/** What every intent gets: the posted form, the signed-in member, and the API with their token and language. */
interface Ctx {
  request: Request;
  form: FormData;
  token: string;
  lang: Lang;
  user: MemberUser;
  call: (path: string, method: string, body?: unknown) => ReturnType<typeof api>;
  failed: (message: string | undefined, tab: TabName) => ReturnType<typeof failedAnswer>;
}

const failedAnswer = (lang: Lang, message: string | undefined, tab: TabName) =>
  data({ error: message ?? translate(lang, 'account.failed'), tab }, { status: 400 });

/** Profile tab: the details form; a new phone number waits for the code sent to it. */
async function saveProfile({ request, form, token, lang, user, failed }: Ctx) {
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
    'entityKind',
    'tax_id',
    'crNumber',
    'legal_name',
  ]) {
    const v = text(form, name);
    if (v !== undefined) body[name] = v;
  }
  // An entity's national address (a standard tax invoice's buyer): the five fields together.
  if (user.type === AccountType.Entity && form.has('address.street'))
    body.address = Object.fromEntries(
      ['street', 'building', 'district', 'city', 'postal_code'].map((k) => [k, text(form, `address.${k}`) ?? '']),
    );
  if (user.type !== AccountType.Entity) {
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
  // A new phone number is saved only once the code sent to it comes back (confirmPhone below).
  const pending = res.data.phone_pending;
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'profile', (s) => {
    if (pending) s.set('phoneChange', { ...pending, until: Date.now() + PHONE_CODE_MS });
  });
}

async function confirmPhone({ request, form, lang, call, failed }: Ctx) {
  const code = codeOf(form, (await getSession(request)).get('phoneChange')?.length ?? 6);
  if (!code) return failed(translate(lang, 'verify.incorrect'), 'profile');
  const res = await call('/accounts/phone', 'POST', { code });
  if (!res.ok) return failed(res.data.message ?? translate(lang, 'verify.incorrect'), 'profile');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'profile', (s) =>
    s.unset('phoneChange'),
  );
}

const cancelPhone = ({ request, lang }: Ctx) =>
  flashBack(request, 'info', translate(lang, 'account.phone_code_cancelled'), 'profile', (s) => s.unset('phoneChange'));

/** Profile tab: a request to correct the date of birth and/or grade, which staff decide. */
async function requestCorrection({ request, form, lang, call, failed }: Ctx) {
  const res = await call('/accounts/correction', 'POST', {
    dob: text(form, 'dob'),
    grade: text(form, 'grade'),
    reason: text(form, 'reason'),
  });
  if (!res.ok) return failed(res.data.message, 'profile');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'profile');
}

async function withdrawCorrection({ request, lang, call, failed }: Ctx) {
  const res = await call('/accounts/correction', 'DELETE');
  if (!res.ok) return failed(res.data.message, 'profile');
  return flashBack(request, 'info', res.data.message ?? translate(lang, 'account.updated'), 'profile');
}

/** The profile picture and a research file: forwarded to the API as they came. */
const upload = (intent: 'picture' | 'research-add') =>
  async function ({ request, form, token, lang, failed }: Ctx) {
    const tab = intent === 'picture' ? 'profile' : 'research';
    const res = await forwardAccountUpload(intent, form, token, lang);
    if (!res.ok) return failed(res.message, tab);
    return flashBack(request, 'success', res.message ?? translate(lang, 'account.updated'), tab);
  };

async function deleteResearch({ request, form, call, failed }: Ctx) {
  const res = await call(`/research/${encodeURIComponent(text(form, 'id') ?? '')}`, 'DELETE');
  if (!res.ok) return failed(res.data.message, 'research');
  return flashBack(request, 'success', res.data.message ?? '', 'research');
}

/** Skills tab: add one, or rename the one `id` names. */
async function saveSkill({ request, form, lang, call, failed }: Ctx) {
  const name = text(form, 'name');
  if (!name) return failed(translate(lang, 'account.empty_name'), 'myskills');
  const res =
    form.get('intent') === 'skill-add'
      ? await call('/skills/', 'POST', { skillname: name })
      : await call('/skills/', 'PUT', { id: text(form, 'id'), name });
  if (!res.ok) return failed(res.data.message, 'myskills');
  return flashBack(request, 'success', res.data.message ?? '', 'myskills');
}

async function deleteSkill({ request, form, call, failed }: Ctx) {
  const res = await call(`/skills/?id=${encodeURIComponent(text(form, 'id') ?? '')}`, 'DELETE');
  if (!res.ok) return failed(res.data.message, 'myskills');
  return flashBack(request, 'success', res.data.message ?? '', 'myskills');
}

/** Settings tab: the public-profile switch (a switch posts "on" when on and nothing when off). */
async function savePublicProfile({ request, form, lang, call, failed }: Ctx) {
  const res = await call('/accounts', 'POST', { public_profile: form.get('public_profile') === 'on' });
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'settings');
}

/** Settings tab: the language of the member's messages (the page's own language is the header's switch). */
async function saveLanguage({ request, form, call, failed }: Ctx) {
  const res = await call('/accounts/language', 'POST', { language: text(form, 'language') ?? '' });
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'success', res.data.message ?? '', 'settings');
}

/** Settings tab: announcements and reminders on or off (a switch posts "on" when on and nothing when off). */
async function saveAnnouncements({ request, form, lang, call, failed }: Ctx) {
  const res = await call('/accounts/announcements', 'POST', { announcements: form.get('announcements') === 'on' });
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'settings');
}

/** Settings tab: a new password; the API ends every session, so the member is signed out here too (spec §4). */
async function changePassword({ request, form, lang, call, failed }: Ctx) {
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
  const session = await getSession(request);
  session.unset('token');
  session.flash('toast', { type: 'success', text: res.data.message ?? '' });
  return redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

/** Settings tab: sign out everywhere; the API ends every session of the account, this one too. */
async function signOutEverywhere({ request, lang, call, failed }: Ctx) {
  const res = await call('/logout/all', 'POST');
  if (!res.ok) return failed(res.data.message, 'settings');
  const session = await getSession(request);
  session.unset('token');
  session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'signout.success') });
  return redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

/** Settings tab: asks for a copy of the member's data, prepared by the API in the background. */
async function askDataExport({ request, lang, call, failed }: Ctx) {
  const res = await call('/privacy/export', 'POST');
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'settings');
}

/** Settings tab: asks for the account's deletion, confirmed by the password (never trimmed). */
async function askDeletion({ request, form, lang, call, failed }: Ctx) {
  const password = form.get('password');
  if (typeof password !== 'string' || !password) return failed(translate(lang, 'account.old_password'), 'settings');
  const res = await call('/privacy/deletion', 'POST', { password });
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'info', res.data.message ?? translate(lang, 'account.updated'), 'settings');
}

/** Settings tab: cancels the waiting deletion. */
async function cancelDeletion({ request, lang, call, failed }: Ctx) {
  const res = await call('/privacy/deletion', 'DELETE');
  if (!res.ok) return failed(res.data.message, 'settings');
  return flashBack(request, 'success', res.data.message ?? translate(lang, 'account.updated'), 'settings');
}

/** Each form's `intent` and what it does. */
const INTENTS: Record<string, (ctx: Ctx) => Promise<Response | ReturnType<typeof failedAnswer>>> = {
  profile: saveProfile,
  'phone-code': confirmPhone,
  'phone-cancel': cancelPhone,
  correction: requestCorrection,
  'correction-withdraw': withdrawCorrection,
  picture: upload('picture'),
  'research-add': upload('research-add'),
  'research-delete': deleteResearch,
  'skill-add': saveSkill,
  'skill-edit': saveSkill,
  'skill-delete': deleteSkill,
  'public-profile': savePublicProfile,
  language: saveLanguage,
  announcements: saveAnnouncements,
  password: changePassword,
  'signout-all': signOutEverywhere,
  'data-export': askDataExport,
  deletion: askDeletion,
  'deletion-cancel': cancelDeletion,
};

/** The account page's forms: the posted `intent` picks the action; an unknown one is refused on the profile tab. */
export async function accountAction(request: Request) {
  const form = await readForm(request);
  const { token, lang, user } = await requireUser(request, ['student', 'coach', 'entity']);
  const ctx: Ctx = {
    request,
    form,
    token,
    lang,
    user,
    call: (path, method, body) => api(request, path, { method, body, token, lang }),
    failed: (message, tab) => failedAnswer(lang, message, tab),
  };
  const intent = form.get('intent');
  const run = typeof intent === 'string' && Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined;
  return run ? run(ctx) : ctx.failed(undefined, 'profile');
}

import { LIMITS, type MemberUser } from '@platform/contract';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useParams } from '@remix-run/react';
import { SignupClaim } from '~/components/SignupClaim';
import { SignupForm } from '~/components/SignupForm';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { env } from '~/utils/env.server';
import { signupReference } from '~/utils/reference.server';
import { getLang, getSession, sessionStorage, ticketRef, type ClaimState } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { PasswordField } from '~/ui/PasswordField';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { DIGIT, digitsInput, toAsciiDigits } from '~/utils/digits';
import { safeRedirect } from '~/utils/auth.server';

const ROLES = { student: 0, coach: 1, entity: 2 } as const;
type RoleName = keyof typeof ROLES;
const MODES = ['signin', 'signup'] as const;

function parse(params: { role?: string; mode?: string }) {
  const role = params.role as RoleName;
  const mode = params.mode as (typeof MODES)[number];
  if (!(role in ROLES) || !MODES.includes(mode)) return null;
  return { role, mode };
}

/** The third path segment picks the form; any other segment goes home (spec §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const route = parse(params);
  if (!route) throw redirect('/');
  if (route.mode !== 'signup') return { reference: null };
  return { reference: await signupReference(request, await getLang(request)) };
}

const SIGNUP_FIELDS = [
  'name',
  'national_id',
  'date_birth',
  'countrySelected',
  'region',
  'email',
  'entityType',
  'entityKind',
  'tax_id',
  'crNumber',
  'phone_number',
  'password',
  'cpassword',
  'schoolname',
  'ElevelSelected',
  'regionSelected',
  'grade',
  'guardianname',
  'guardianphone',
  'supervisor_name',
  'supervisor_email',
  'supervisor_id',
  'supervisor_phone',
  // Check boxes: "on" when ticked (the API takes "on"); 'None' when not, which the API refuses with its message.
  'accept_terms',
  'guardian_consent',
] as const;

/** The fields people type digits into: Arabic-Indic digits are sent to the API in ASCII. */
const DIGIT_FIELDS = new Set([
  'national_id',
  'phone_number',
  'tax_id',
  'crNumber',
  'grade',
  'guardianphone',
  'supervisor_id',
  'supervisor_phone',
]);

/** What the page shows of a claim under way: where a code can go, when the ID is free; never the ticket. */
const shown = ({ ticket: _t, ...claim }: ClaimState & { ticket: string }): ClaimState => claim;

/**
 * Another sign-up, not yet verified, holds the ID or e-mail: a code to its phone or e-mail (the
 * claim form's buttons, which carry the form's values back) lets this person take it over.
 */
async function sendClaimCode(request: Request, via: 'phone' | 'email', kept: Record<string, string>) {
  const lang = await getLang(request);
  const session = await getSession(request);
  const claim = session.get('claim');
  if (!claim) return data({ error: translate(lang, 'signup.failed'), values: kept, id: '' }, { status: 400 });
  const res = await api<{ destination: string }>(request, '/signup/claim', {
    body: { user_id: claim.ticket, via },
    lang,
  });
  if (!res.ok) {
    return data(
      { error: res.data.message ?? translate(lang, 'error.text'), values: kept, id: '', claim: shown(claim) },
      { status: res.status },
    );
  }
  session.set('claim', { ...claim, sent: res.data.destination });
  return data(
    {
      error: undefined as string | undefined,
      notice: res.data.message,
      values: kept,
      id: '',
      claim: { ...shown(claim), sent: res.data.destination },
    },
    { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } },
  );
}

/** Sign-up: the contract's userInof, empty where a field does not apply (never 'None'); the API checks every rule. */
async function signup(request: Request, role: RoleName, form: FormData) {
  const lang = await getLang(request);
  const values: Record<string, string> = {};
  for (const name of SIGNUP_FIELDS) {
    const value = String(form.get(name) ?? '').trim();
    values[name] = DIGIT_FIELDS.has(name) ? toAsciiDigits(value) : value;
  }
  const { password: _p, cpassword: _c, ...kept } = values;
  const intent = form.get('intent');
  if (intent === 'claim_phone' || intent === 'claim_email')
    return sendClaimCode(request, intent === 'claim_phone' ? 'phone' : 'email', kept);
  const userInfo: Record<string, string> = { ...values };
  userInfo.password = String(form.get('password') ?? '');
  userInfo.cpassword = String(form.get('cpassword') ?? '');
  userInfo.countrySelected = values.countrySelected || 'SA';
  Object.assign(userInfo, { type: String(ROLES[role]), subscription: role === 'student' ? 'true' : 'false' });
  // The page's language becomes the account's: the language of every message the member gets.
  userInfo.language = lang;
  const session = await getSession(request);
  // The code of a claim under way, sent with the sign-up: it takes the waiting sign-up over.
  const pending = session.get('claim');
  const code = toAsciiDigits(String(form.get('claim_code') ?? '').trim());
  const res = await api<{ user: MemberUser; claim?: ClaimState & { ticket: string } }>(request, '/adduser-steb', {
    body: {
      loginType: 'signup',
      userInof: userInfo,
      ...(pending && code ? { claim: { user_id: pending.ticket, code } } : {}),
    },
    lang,
  });
  if (!res.ok) {
    // The API names the field its refusal is about (userInof.<name>, or the claim's code): the page marks it.
    const named = (res.data as { field?: string }).field ?? '';
    const field = named === 'claim.code' ? 'claim_code' : /^userInof\.(\w+)$/.exec(named)?.[1];
    // Refused for a waiting sign-up: the page offers a code to its phone or e-mail (kept in the session).
    const offer = res.data.claim ?? (field === 'claim_code' ? pending : undefined);
    if (res.data.claim) session.set('claim', res.data.claim);
    return data(
      {
        error: res.data.message ?? translate(lang, 'signup.failed'),
        field,
        values: kept,
        id: '',
        ...(offer ? { claim: shown(offer) } : {}),
      },
      {
        status: res.status >= 400 ? res.status : 400,
        headers: res.data.claim ? { 'Set-Cookie': await sessionStorage.commitSession(session) } : undefined,
      },
    );
  }
  session.unset('claim');
  // The sign-up answers a verification ticket in user._id, never the account's id; the verify page
  // offers the phone just entered.
  session.set('verify', { ticket: res.data.user._id, phone: values.phone_number });
  session.flash('toast', { type: 'success', text: translate(lang, 'signup.registered') });
  throw redirect(`/account/verify/${ticketRef(res.data.user._id)}`, {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const route = parse(params);
  if (!route) throw redirect('/');
  if (route.mode === 'signup') return signup(request, route.role, form);
  const lang = await getLang(request);
  const id = toAsciiDigits(String(form.get('national_id') ?? '').trim());
  const password = String(form.get('password') ?? '');
  if (!id || !password) {
    return data(
      { error: translate(lang, route.role === 'entity' ? 'signin.empty_entity' : 'signin.empty'), id },
      { status: 400 },
    );
  }
  const signin = await api(request, '/adduser-steb', {
    body: { national_id: id, password, type: ROLES[route.role], loginType: 'signin' },
    lang,
  });
  if (!signin.ok || !signin.token) {
    return data(
      { error: signin.data.message ?? translate(lang, 'signin.failed'), id },
      { status: signin.status >= 400 ? signin.status : 400 },
    );
  }
  const me = await api<{ user: MemberUser }>(request, '/getuser', { method: 'POST', token: signin.token, lang });
  if (!me.ok) return data({ error: translate(lang, 'signin.failed'), id }, { status: 502 });
  const user = me.data.user;
  if (!user.isVerified) {
    // Not signed in until verified: the session keeps only the verification ticket (user._id of an
    // unverified account) that the verify pages pass to the API.
    await api(request, '/logout', { method: 'POST', token: signin.token, lang });
    const session = await getSession(request);
    session.unset('token');
    session.set('verify', { ticket: user._id, phone: user.phone_number ?? undefined });
    session.flash('toast', { type: 'info', text: translate(lang, 'signin.verify') });
    throw redirect(`/account/verify/${ticketRef(user._id)}`, {
      headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
    });
  }
  if (user.type === 4 || user.type === 5) throw redirect(env.adminUrl);
  // Home, or the page the member was sent here from.
  const session = await getSession(request);
  const next = safeRedirect(session.get('next'));
  session.unset('next');
  session.set('token', signin.token);
  session.flash('toast', { type: 'success', text: translate(lang, 'signin.success') });
  throw redirect(next, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export default function RolePage() {
  const params = useParams();
  const route = parse(params)!;
  const { t } = useT();
  const result = useActionData<typeof action>();
  const { reference } = useLoaderData<typeof loader>();
  const entity = route.role === 'entity';
  if (route.mode === 'signup') {
    return (
      <div className="container container-sm page">
        <Card>
          <CardBody>
            <h1 className="t-h5 gutter">{t(`signup.title_${route.role}`)}</h1>
            {result && 'claim' in result && result.claim && (
              <SignupClaim claim={result.claim as ClaimState} values={result.values as Record<string, string>} />
            )}
            {result && 'notice' in result && result.notice && (
              <Alert severity="success" role="status" className="mb-2">
                {result.notice as string}
              </Alert>
            )}
            {reference && (
              <SignupForm
                role={route.role}
                reference={reference}
                error={result?.error}
                field={result && 'field' in result ? (result.field as string | undefined) : undefined}
                values={result && 'values' in result ? (result.values as Record<string, string>) : undefined}
                claimSent={!!(result && 'claim' in result && (result.claim as ClaimState | undefined)?.sent)}
              />
            )}
          </CardBody>
        </Card>
      </div>
    );
  }
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h5 gutter">{t(`signin.title_${route.role}`)}</h1>
          {result?.error && (
            <Alert severity="error" className="mb-2">
              {result.error}
            </Alert>
          )}
          <Form method="post" replace className="stack gap-2">
            {entity ? (
              <TextField
                id="national_id"
                name="national_id"
                type="email"
                label={t('signin.email')}
                defaultValue={result?.id ?? ''}
                autoComplete="username"
                required
                dir="ltr"
              />
            ) : (
              <TextField
                id="national_id"
                name="national_id"
                label={t('signin.national_id')}
                defaultValue={result?.id ?? ''}
                autoComplete="username"
                required
                helperText={t('signin.id_hint')}
                {...digitsInput}
                pattern={`${DIGIT}{${LIMITS.nationalIdDigits}}`}
                maxLength={LIMITS.nationalIdDigits}
              />
            )}
            <PasswordField
              id="password"
              name="password"
              label={t('signin.password')}
              autoComplete="current-password"
              required
            />
            <SubmitButton variant="contained" size="large">
              {t('signin.submit')}
            </SubmitButton>
          </Form>
          <div className="row row-between wrap mt-2">
            <p>
              {t('signin.no_account')} <Link to={`/${route.role}/signup/`}>{t('signin.sign_up')}</Link>
            </p>
            <Link to="/forget-password">{t('signin.forgot')}</Link>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

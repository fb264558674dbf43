import { EDUCATION_LEVELS, ENTITY_KINDS, ENTITY_TYPES, entityNumbersRequired, LIMITS } from '@platform/contract';
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Button } from '~/ui/Button';
import { Checkbox } from '~/ui/Checkbox';
import { PasswordField } from '~/ui/PasswordField';
import { Select } from '~/ui/Select';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { DIGIT, digitsInput, phoneInput } from '~/utils/digits';

export type SignupRole = 'student' | 'coach' | 'entity';
type Option = { id: string; name: string };
/** A city: its stored name (English), its name in the page's language, and its region's id. */
export type CityOption = Option & { region: string };
export interface SignupReference {
  regions: Option[];
  countries: Option[];
  cities: CityOption[];
}

/** The fields of step 1 (an error about one of them opens step 1); the rest are step 2's. */
const STEP1 = new Set([
  'claim_code',
  'name',
  'national_id',
  'date_birth',
  'countrySelected',
  'email',
  'phone_number',
  'entityType',
  'entityKind',
  'tax_id',
  'crNumber',
  'password',
  'cpassword',
]);

/**
 * The two-step sign-up of one role (spec §4/§5). Without JavaScript both steps show on one page;
 * with it, step 1 is checked in the browser before step 2 appears, and Back returns to it.
 * The server checks every rule again and its message is shown.
 */
export function SignupForm({
  role,
  reference,
  error,
  field,
  values,
  claimSent,
}: {
  role: SignupRole;
  reference: SignupReference;
  error?: string;
  /** A code went to the phone or e-mail of the unverified sign-up holding the ID (SignupClaim): its box. */
  claimSent?: boolean;
  /** The field the API's refusal is about: marked, with the message next to it. */
  field?: string;
  values?: Record<string, string>;
}) {
  const { t, m } = useT();
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [region, setRegion] = useState(values?.region ?? '');
  const [kind, setKind] = useState(values?.entityKind ?? '');
  const step1 = useRef<HTMLDivElement>(null);
  const step2 = useRef<HTMLDivElement>(null);
  useEffect(() => setEnhanced(true), []);
  // A refusal about a field: open its step and put the keyboard on it. (Entities choose the region in step 1.)
  const step1Field = !!field && (STEP1.has(field) || (role === 'entity' && field === 'region'));
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!field) return;
    focusNext.current = field;
    setStep(step1Field ? 1 : 2);
  }, [field, step1Field, values]);
  // Once its step shows.
  useEffect(() => {
    const target = focusNext.current ? document.getElementById(focusNext.current) : null;
    if (target?.offsetParent) {
      target.focus();
      focusNext.current = null;
    }
  });
  // Moving to step 2 puts the keyboard on its first field.
  useEffect(() => {
    if (step === 2) step2.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [step]);
  const v = (name: string) => values?.[name] ?? '';
  const entity = role === 'entity';
  // A link that opens beside the form, so nothing typed is lost.
  const policyLink = (to: string, label: string) => (
    <a href={to} target="_blank" rel="noopener">
      {label}
      <span className="visually-hidden">{` ${t('signup.new_tab')}`}</span>
    </a>
  );
  // "I accept the {terms} and the {privacy}": the sentence in the page's language with its two links in place.
  const acceptLabel: ReactNode[] = m.signup.accept_terms
    .split(/(\{terms\}|\{privacy\})/)
    .map((part, i) =>
      part === '{terms}' ? (
        <span key={i}>{policyLink('/terms', t('signup.terms_link'))}</span>
      ) : part === '{privacy}' ? (
        <span key={i}>{policyLink('/privacy', t('signup.privacy_link'))}</span>
      ) : (
        part
      ),
    );
  const checkbox = (name: string, label: ReactNode, required: boolean, hint?: string) => {
    const failed = !!error && field === name;
    return (
      // The box itself is required (the browser asks first); no asterisk breaking the sentence.
      <Checkbox
        id={name}
        name={name}
        defaultChecked={v(name) === 'on'}
        required={required}
        label={label}
        error={failed}
        helperText={failed ? error : hint}
      />
    );
  };

  const next = () => {
    const fields = step1.current?.querySelectorAll<HTMLInputElement>('input, select, textarea') ?? [];
    for (const field of fields) if (!field.reportValidity()) return;
    const form = step1.current?.closest('form');
    const password = form?.querySelector<HTMLInputElement>('input[name=password]');
    const confirm = form?.querySelector<HTMLInputElement>('input[name=cpassword]');
    if (password && confirm && password.value !== confirm.value) {
      confirm.setCustomValidity(t('signup.password_mismatch'));
      confirm.reportValidity();
      confirm.addEventListener('input', () => confirm.setCustomValidity(''), { once: true });
      return;
    }
    setStep(2);
  };

  const show1 = !enhanced || step === 1;
  const show2 = !enhanced || step === 2;
  // The field the refusal is about shows the message in place of its hint (and aria-invalid).
  const marked = (name: string, helperText?: ReactNode) =>
    field === name ? { error: true, helperText: error } : helperText ? { helperText } : {};
  const text = (name: string, label: string, props: Record<string, unknown> = {}) => {
    // Password boxes get the show-password toggle.
    const Field = props.type === 'password' ? PasswordField : TextField;
    return (
      <Field
        id={name}
        name={name}
        label={label}
        defaultValue={v(name)}
        required
        {...props}
        {...marked(name, props.helperText as ReactNode)}
      />
    );
  };
  const ltr = { dir: 'ltr' };
  const digits = (pattern?: string) => ({ ...digitsInput, pattern });
  const phone = { type: 'tel', ...phoneInput };
  // The VAT and CR numbers: required for private schools and companies, optional for the others.
  const numbersRequired = enhanced && !!kind && entityNumbersRequired(kind);
  const numbers = {
    required: numbersRequired,
    helperText: t(kind && !entityNumbersRequired(kind) ? 'signup.numbers_optional' : 'signup.numbers_hint'),
  };
  const select = (name: string, label: string, options: Option[], required = true, fallback = '') => (
    <Select
      name={name}
      label={label}
      defaultValue={v(name) || fallback}
      required={required}
      options={options}
      placeholder={t('signup.choose')}
      {...marked(name)}
    />
  );

  // Cities follow the chosen region; without JavaScript every city shows, grouped by region.
  const regionAndCity = (required: boolean) => (
    <>
      <Select
        name="region"
        label={t('signup.region')}
        defaultValue={v('region')}
        required={required}
        onChange={(e) => setRegion(e.target.value)}
        options={reference.regions}
        placeholder={t('signup.choose')}
        {...marked('region')}
      />
      <Select
        name="regionSelected"
        label={t('signup.city')}
        defaultValue={v('regionSelected')}
        placeholder={t('signup.choose')}
        {...marked('regionSelected')}
      >
        {reference.regions
          .filter((r) => !enhanced || !region || r.id === region)
          .map((r) => (
            <optgroup key={r.id} label={r.name}>
              {reference.cities
                .filter((c) => c.region === r.id)
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </optgroup>
          ))}
      </Select>
    </>
  );

  return (
    <Form method="post" replace>
      {error && !field && (
        <Alert severity="error" className="mb-2">
          {error}
        </Alert>
      )}
      <div
        ref={step1}
        hidden={!show1}
        // Enter in a step-1 field goes to step 2, as Next does (the form's own submit is in step 2).
        onKeyDown={(e) => {
          if (enhanced && e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault();
            next();
          }
        }}
      >
        <h2 className="t-subtitle t-strong mb-2">{t(entity ? 'signup.step1_entity' : 'signup.step1')}</h2>
        <div className="stack gap-2">
          {claimSent &&
            text('claim_code', t('signup.claim_code'), {
              ...digitsInput,
              autoComplete: 'one-time-code',
              maxLength: 10,
              helperText: t('signup.claim_code_hint'),
            })}
          {text('name', t(entity ? 'signup.entity_name' : 'signup.name'), {
            autoComplete: entity ? 'organization' : 'name',
          })}
          {!entity &&
            text('national_id', t('signup.national_id'), {
              ...digitsInput,
              pattern: `${DIGIT}{${LIMITS.nationalIdDigits}}`,
              maxLength: LIMITS.nationalIdDigits,
              helperText: t('signin.id_hint'),
            })}
          {!entity && text('date_birth', t('signup.date_birth'), { type: 'date' })}
          {!entity && select('countrySelected', t('signup.nationality'), reference.countries, true, 'SA')}
          {text('email', t(entity ? 'signup.business_email' : 'signup.email'), {
            type: 'email',
            autoComplete: 'email',
            ...ltr,
          })}
          {text('phone_number', t('signup.phone'), {
            ...phone,
            autoComplete: 'tel',
            helperText: t('signup.phone_hint'),
          })}
          {entity && (
            <>
              {select(
                'entityType',
                t('signup.entity_type'),
                ENTITY_TYPES.map((e) => ({ id: e, name: m.signup.entity_types[e] })),
              )}
              <Select
                name="entityKind"
                label={t('signup.entity_kind')}
                defaultValue={v('entityKind')}
                required
                onChange={(e) => setKind(e.target.value)}
                options={ENTITY_KINDS.map((k) => ({ id: k, name: m.signup.entity_kinds[k] }))}
                placeholder={t('signup.choose')}
                {...marked('entityKind')}
              />
              {/* Required for private schools and companies (the API's rule); the browser asks once the kind is known. */}
              {text('tax_id', t('signup.tax_id'), { ...digits(), ...numbers })}
              {text('crNumber', t('signup.cr_number'), { ...digits(), ...numbers })}
              {select('region', t('signup.region'), reference.regions)}
            </>
          )}
          {text('password', t('signup.password'), {
            type: 'password',
            autoComplete: 'new-password',
            helperText: t('signup.password_hint'),
            minLength: LIMITS.passwordMin,
          })}
          {text('cpassword', t('signup.cpassword'), { type: 'password', autoComplete: 'new-password' })}
          {enhanced && (
            <Button variant="contained" size="large" onClick={next}>
              {t('signup.next')}
            </Button>
          )}
        </div>
      </div>
      <div ref={step2} hidden={!show2} className={enhanced ? undefined : 'mt-4'}>
        <h2 className="t-subtitle t-strong mb-2">{t(`signup.step2_${role}`)}</h2>
        <div className="stack gap-2">
          {role === 'student' && (
            <>
              {text('schoolname', t('signup.school'))}
              {select(
                'ElevelSelected',
                t('signup.level'),
                EDUCATION_LEVELS.map((l) => ({ id: l, name: m.signup.levels[l] })),
              )}
              {select(
                'grade',
                t('signup.grade'),
                Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), name: String(i + 1) })),
              )}
              {text('guardianname', t('signup.guardian_name'))}
              {text('guardianphone', t('signup.guardian_phone'), { ...phone, helperText: t('signup.phone_hint') })}
              {/* Asked of every student; the API requires it under 18 (by the birth date) and says so here. */}
              {checkbox('guardian_consent', t('signup.guardian_consent'), false, t('signup.guardian_consent_hint'))}
              {regionAndCity(false)}
            </>
          )}
          {role === 'coach' && (
            <>
              {text('ElevelSelected', t('signup.qualification'))}
              {text('schoolname', t('signup.school'), { required: false })}
              {regionAndCity(true)}
            </>
          )}
          {entity && (
            <>
              {text('supervisor_name', t('signup.supervisor_name'))}
              {text('supervisor_id', t('signup.supervisor_id'), digits())}
              {text('supervisor_email', t('signup.supervisor_email'), { type: 'email', ...ltr })}
              {text('supervisor_phone', t('signup.supervisor_phone'), { ...phone, helperText: t('signup.phone_hint') })}
            </>
          )}
          {checkbox('accept_terms', <span>{acceptLabel}</span>, true)}
          <div className="row gap-2">
            {enhanced && (
              <Button variant="outlined" size="large" onClick={() => setStep(1)}>
                {t('signup.back')}
              </Button>
            )}
            <SubmitButton variant="contained" size="large" className="grow">
              {t('signup.submit')}
            </SubmitButton>
          </div>
        </div>
      </div>
      <p className="mt-3">
        {t('signup.have_account')} <Link to={`/${role}/signin/`}>{t('join.sign_in')}</Link>
      </p>
    </Form>
  );
}

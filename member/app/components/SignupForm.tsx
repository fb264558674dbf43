import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '~/i18n';
import { SubmitButton } from '~/components/SubmitButton';
import { PasswordField } from '~/components/PasswordField';

export type SignupRole = 'student' | 'coach' | 'entity';
type Option = { id: string; name: string };
export interface SignupReference {
  regions: Option[];
  countries: Option[];
  cities: string[];
}

const ENTITY_TYPES = [
  'School',
  'University',
  'GOV',
  'Company',
  'Non-Profit',
  'Club/Center',
  'Institute',
  'Other',
] as const;
const LEVELS = ['Elementry', 'Jonior', 'Senior'] as const;
/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

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
}: {
  role: SignupRole;
  reference: SignupReference;
  error?: string;
  /** The request field the API named in its refusal: its message is shown there. */
  field?: string;
  values?: Record<string, string>;
}) {
  const { t, m } = useT();
  const [enhanced, setEnhanced] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const step1 = useRef<HTMLDivElement>(null);
  const step2 = useRef<HTMLDivElement>(null);
  useEffect(() => setEnhanced(true), []);
  // Moving to step 2 puts the keyboard on its first field.
  useEffect(() => {
    if (step === 2) step2.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [step]);
  const v = (name: string) => values?.[name] ?? '';
  const entity = role === 'entity';
  const CHECKBOXES = ['accept_terms', 'guardian_consent'];
  const atField = !!error && !!field && CHECKBOXES.includes(field);
  // A link that opens beside the form, so nothing typed is lost.
  const policyLink = (to: string, label: string) => (
    <MuiLink href={to} target="_blank" rel="noopener">
      {label}
      <Box component="span" sx={HIDDEN}>
        {` ${t('signup.new_tab')}`}
      </Box>
    </MuiLink>
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
    const failed = atField && field === name;
    return (
      // The box itself is required (the browser asks first); no asterisk breaking the sentence.
      <FormControl error={failed} fullWidth>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mx: 0, '& .MuiCheckbox-root': { mt: -1 } }}
          control={
            <Checkbox
              id={name}
              name={name}
              defaultChecked={v(name) === 'on'}
              required={required}
              slotProps={{
                input: {
                  'aria-describedby': failed || hint ? `${name}-help` : undefined,
                  'aria-invalid': failed || undefined,
                } as object,
              }}
            />
          }
          label={label}
        />
        {(failed || hint) && (
          // Under the label's text, past the box (the theme's right-to-left styles flip the side).
          <FormHelperText id={`${name}-help`} sx={{ mt: 0, mr: 0, ml: '42px' }}>
            {failed ? error : hint}
          </FormHelperText>
        )}
      </FormControl>
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
  const text = (name: string, label: string, props: Record<string, unknown> = {}) =>
    props.type === 'password' ? (
      <PasswordField id={name} name={name} label={label} defaultValue={v(name)} required fullWidth {...props} />
    ) : (
      <TextField id={name} name={name} label={label} defaultValue={v(name)} required fullWidth {...props} />
    );
  const ltr = { slotProps: { htmlInput: { dir: 'ltr' } } };
  const select = (name: string, label: string, options: Option[], required = true) => (
    <TextField
      id={name}
      name={name}
      label={label}
      defaultValue={v(name)}
      select
      required={required}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{t('signup.choose')}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </TextField>
  );

  return (
    <Form method="post" replace>
      {error && !atField && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box
        ref={step1}
        sx={{ display: show1 ? 'block' : 'none' }}
        // Enter in a step-1 field goes to step 2, as Next does (the form's own submit is in step 2).
        onKeyDown={(e) => {
          if (enhanced && e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
            e.preventDefault();
            next();
          }
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t(entity ? 'signup.step1_entity' : 'signup.step1')}
        </Typography>
        <Stack spacing={2}>
          {text('name', t(entity ? 'signup.entity_name' : 'signup.name'), {
            autoComplete: entity ? 'organization' : 'name',
          })}
          {!entity &&
            text('national_id', t('signup.national_id'), {
              slotProps: { htmlInput: { inputMode: 'numeric', pattern: '\\d{10}', maxLength: 10, dir: 'ltr' } },
              helperText: t('signin.id_hint'),
            })}
          {!entity &&
            text('date_birth', t('signup.date_birth'), { type: 'date', slotProps: { inputLabel: { shrink: true } } })}
          {!entity && select('countrySelected', t('signup.nationality'), reference.countries)}
          {text('email', t(entity ? 'signup.business_email' : 'signup.email'), {
            type: 'email',
            autoComplete: 'email',
            ...ltr,
          })}
          {text('phone_number', t('signup.phone'), {
            type: 'tel',
            autoComplete: 'tel',
            helperText: t('signup.phone_hint'),
            ...ltr,
          })}
          {entity && (
            <>
              {select(
                'entityType',
                t('signup.entity_type'),
                ENTITY_TYPES.map((e) => ({ id: e, name: m.signup.entity_types[e] })),
              )}
              {text('tax_id', t('signup.tax_id'), ltr)}
              {text('crNumber', t('signup.cr_number'), ltr)}
              {select('region', t('signup.region'), reference.regions)}
            </>
          )}
          {text('password', t('signup.password'), {
            type: 'password',
            autoComplete: 'new-password',
            helperText: t('signup.password_hint'),
            slotProps: { htmlInput: { minLength: 8 } },
          })}
          {text('cpassword', t('signup.cpassword'), { type: 'password', autoComplete: 'new-password' })}
          {enhanced && (
            <Button variant="contained" size="large" onClick={next}>
              {t('signup.next')}
            </Button>
          )}
        </Stack>
      </Box>
      <Box ref={step2} sx={{ display: show2 ? 'block' : 'none', mt: enhanced ? 0 : 4 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
          {t(`signup.step2_${role}`)}
        </Typography>
        <Stack spacing={2}>
          {role === 'student' && (
            <>
              {text('schoolname', t('signup.school'))}
              {select(
                'ElevelSelected',
                t('signup.level'),
                LEVELS.map((l) => ({ id: l, name: m.signup.levels[l] })),
              )}
              {select(
                'grade',
                t('signup.grade'),
                Array.from({ length: 12 }, (_, i) => ({ id: String(i + 1), name: String(i + 1) })),
              )}
              {text('guardianname', t('signup.guardian_name'))}
              {text('guardianphone', t('signup.guardian_phone'), {
                type: 'tel',
                helperText: t('signup.phone_hint'),
                ...ltr,
              })}
              {/* Asked of every student; the API requires it under 18 (by the birth date) and says so here. */}
              {checkbox('guardian_consent', t('signup.guardian_consent'), false, t('signup.guardian_consent_hint'))}
              {select('region', t('signup.region'), reference.regions, false)}
              {select(
                'regionSelected',
                t('signup.city'),
                reference.cities.map((c) => ({ id: c, name: c })),
                false,
              )}
            </>
          )}
          {role === 'coach' && (
            <>
              {text('ElevelSelected', t('signup.qualification'))}
              {text('schoolname', t('signup.school'), { required: false })}
              {select('region', t('signup.region'), reference.regions)}
              {select(
                'regionSelected',
                t('signup.city'),
                reference.cities.map((c) => ({ id: c, name: c })),
                false,
              )}
            </>
          )}
          {entity && (
            <>
              {text('supervisor_name', t('signup.supervisor_name'))}
              {text('supervisor_id', t('signup.supervisor_id'), ltr)}
              {text('supervisor_email', t('signup.supervisor_email'), { type: 'email', ...ltr })}
              {text('supervisor_phone', t('signup.supervisor_phone'), {
                type: 'tel',
                helperText: t('signup.phone_hint'),
                ...ltr,
              })}
            </>
          )}
          {checkbox('accept_terms', <span>{acceptLabel}</span>, true)}
          <Stack direction="row" spacing={2}>
            {enhanced && (
              <Button variant="outlined" size="large" onClick={() => setStep(1)}>
                {t('signup.back')}
              </Button>
            )}
            <SubmitButton variant="contained" size="large" sx={{ flex: 1 }}>
              {t('signup.submit')}
            </SubmitButton>
          </Stack>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3 }}>
        {t('signup.have_account')} <Link to={`/${role}/signin/`}>{t('join.sign_in')}</Link>
      </Typography>
    </Form>
  );
}

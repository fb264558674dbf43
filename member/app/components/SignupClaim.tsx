import { Form, Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { SubmitButton } from '~/ui/SubmitButton';

/** A claim under way: another, unverified sign-up holds the ID or e-mail (see the route's action). */
export interface SignupClaimState {
  /** Where a code can go, masked. */
  phone: string | null;
  email: string | null;
  /** Where the code went, once sent. */
  sent?: string;
}

/**
 * Shown above the sign-up form when an unverified sign-up holds its ID or e-mail: a code to that
 * sign-up's phone or e-mail (masked) lets this person take it over, or they wait or contact us. Its
 * own form, carrying the sign-up's values back, so Enter in the sign-up form still creates the account.
 */
export function SignupClaim({ claim, values }: { claim: SignupClaimState; values?: Record<string, string> }) {
  const { t } = useT();
  // Kept left to right (and as written) inside an Arabic, upper-case button label.
  const ltr = (text: string) => (
    <bdi dir="ltr" className="t-as-written">
      {text}
    </bdi>
  );
  return (
    <Alert severity="info" role="status" className="mb-2">
      <p className="t-strong">{t('signup.claim_title')}</p>
      <p>{t('signup.claim_intro')}</p>
      <Form method="post" replace className="row gap-1 wrap mt-1">
        {Object.entries(values ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {claim.phone && (
          <SubmitButton name="intent" value="claim_phone" variant="outlined" size="small">
            {t('signup.claim_send')} {ltr(claim.phone)}
          </SubmitButton>
        )}
        {claim.email && (
          <SubmitButton name="intent" value="claim_email" variant="outlined" size="small">
            {t('signup.claim_send')} {ltr(claim.email)}
          </SubmitButton>
        )}
      </Form>
      <p className="mt-1">
        {t('signup.claim_otherwise')} <Link to="/contact">{t('signup.claim_contact')}</Link>
      </p>
    </Alert>
  );
}

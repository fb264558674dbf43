import { Form } from '@remix-run/react';
import { AccountType, formatDate, GRADES, LIMITS, type CorrectionView, type MemberAccount } from '@platform/contract';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { ButtonLink } from '~/ui/Button';
import { Select } from '~/ui/Select';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';

/** The address of the correction form on the profile tab (works without JavaScript). */
export const CORRECTION_LINK = '/accounts?tab=profile&correction=1#correction';

/**
 * The date of birth and grade are set at sign-up; a student or coach asks staff to correct them
 * here. An open request shows with a way to withdraw it; the form shows when the member follows the
 * "Request a correction" link (`?correction=1`), after what staff last decided.
 */
export function CorrectionSection({
  user,
  correction,
  asking,
}: {
  user: MemberAccount;
  correction: CorrectionView | null;
  asking: boolean;
}) {
  const { t, lang } = useT();
  const student = user.type === AccountType.Student;
  const open = correction?.state === 'open' ? correction : null;
  if (!open && !asking) return null;
  const title = t(student ? 'account.correction_title_student' : 'account.correction_title_coach');
  return (
    <section id="correction" className="correction stack gap-2" aria-labelledby="correction-title">
      <h2 id="correction-title" className="t-h6">
        {title}
      </h2>
      {open ? (
        <>
          <Alert severity="info" role="status">
            <p>{t('account.correction_pending')}</p>
            <ul className="mt-1">
              {open.dob && (
                <li>
                  {t('account.correction_asked_dob', {
                    to: formatDate(open.dob, lang),
                    from: formatDate(open.current_dob, lang) || '—',
                  })}
                </li>
              )}
              {open.grade && (
                <li>{t('account.correction_asked_grade', { to: open.grade, from: open.current_grade ?? '—' })}</li>
              )}
            </ul>
          </Alert>
          <Form method="post">
            <input type="hidden" name="intent" value="correction-withdraw" />
            <SubmitButton variant="outlined">{t('account.correction_withdraw')}</SubmitButton>
          </Form>
        </>
      ) : (
        <>
          {correction && correction.decided_at && (
            <p className="muted">
              {t(correction.state === 'approved' ? 'account.correction_approved' : 'account.correction_declined', {
                date: formatDate(correction.decided_at, lang),
              })}
            </p>
          )}
          <p>{t('account.correction_intro')}</p>
          <Form method="post" className="stack gap-2">
            <input type="hidden" name="intent" value="correction" />
            <div className="grid sm-2">
              <TextField
                id="correction-dob"
                name="dob"
                type="date"
                label={t('account.correction_dob')}
                defaultValue={user.dob ?? ''}
              />
              {student && (
                <Select
                  id="correction-grade"
                  name="grade"
                  label={t('account.correction_grade')}
                  defaultValue={user.education?.grade ?? ''}
                  options={Array.from({ length: GRADES.max - GRADES.min + 1 }, (_, i) => ({
                    id: String(GRADES.min + i),
                    name: String(GRADES.min + i),
                  }))}
                />
              )}
            </div>
            <TextField
              id="correction-reason"
              name="reason"
              multiline
              maxLength={LIMITS.correctionReasonMax}
              label={t('account.correction_reason')}
              helperText={t('account.correction_reason_hint', { max: LIMITS.correctionReasonMax })}
            />
            <div className="row wrap gap-2">
              <SubmitButton variant="contained">{t('account.correction_send')}</SubmitButton>
              <ButtonLink to="/accounts?tab=profile">{t('account.correction_cancel')}</ButtonLink>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

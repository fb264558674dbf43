import { formatDate, type PrivacyOverview } from '@platform/contract';
import { Form, Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { buttonClass } from '~/ui/Button';
import { PasswordField } from '~/ui/PasswordField';
import { SubmitButton } from '~/ui/SubmitButton';

/**
 * A copy of the member's data (prepared by the API in the background, downloaded once) and the
 * deletion of their account (after a grace period in which it can be cancelled). Issue 31.
 */
export function PrivacySection({ privacy }: { privacy: PrivacyOverview }) {
  const { t, tn, lang } = useT();
  const copy = privacy.export;
  const deletion = privacy.deletion;
  return (
    <>
      <section className="mb-4" aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="t-h6 gutter">
          {t('account.privacy_title')}
        </h2>
        <p className="mb-2">{t('account.privacy_text')}</p>
        {copy?.state === 'preparing' ? (
          <Alert severity="info" role="status" className="mb-2">
            <p className="mb-1">{t('account.export_preparing')}</p>
            <Link to="/accounts?tab=settings" replace>
              {t('account.export_check')}
            </Link>
          </Alert>
        ) : copy?.state === 'ready' ? (
          <Alert severity="success" className="mb-2">
            <p className="mb-1">{t('account.export_ready', { date: formatDate(copy.expires_at, lang, 'long') })}</p>
            <a
              href={`/accounts/my-data/${copy.id}`}
              className={buttonClass({ variant: 'contained', size: 'small' })}
              download
            >
              {t('account.export_download')}
            </a>
          </Alert>
        ) : (
          <>
            {copy && (
              <p className="t-body2 muted mb-2" role="status">
                {t(
                  copy.state === 'downloaded'
                    ? 'account.export_downloaded'
                    : copy.state === 'expired'
                      ? 'account.export_expired'
                      : 'account.export_failed',
                )}
              </p>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="data-export" />
              <SubmitButton variant="outlined">
                {t(copy ? 'account.export_again' : 'account.export_button')}
              </SubmitButton>
            </Form>
          </>
        )}
      </section>
      <section className="mb-4" aria-labelledby="delete-title">
        <h2 id="delete-title" className="t-h6 gutter">
          {t('account.delete_title')}
        </h2>
        {deletion ? (
          <Alert severity="warning" role="status">
            <p className="t-strong mb-1">
              {t(deletion.by_staff ? 'account.delete_waiting_staff' : 'account.delete_waiting', {
                date: formatDate(deletion.due_at, lang, 'long'),
              })}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="deletion-cancel" />
              <SubmitButton variant="contained" size="small">
                {t('account.delete_cancel')}
              </SubmitButton>
            </Form>
          </Alert>
        ) : (
          <Form method="post" className="stack gap-2 password-form">
            <input type="hidden" name="intent" value="deletion" />
            <p>{tn('account.delete_text', privacy.deletion_days, { days: privacy.deletion_days })}</p>
            <PasswordField
              id="delete_password"
              name="password"
              label={t('account.delete_password')}
              autoComplete="current-password"
              required
            />
            <div>
              <SubmitButton variant="outlined" danger>
                {t('account.delete_button')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </>
  );
}

import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { ButtonLink } from '~/ui/Button';

/** What a coach or entity without a valid plan sees where full access is needed: a link to the plans. */
export function UpgradePrompt({ className }: { className?: string }) {
  const { t } = useT();
  return (
    <Alert
      // A standing prompt, not an urgent alert.
      role="status"
      severity="info"
      className={className}
      action={
        <ButtonLink to="/subcription/package" color="inherit" size="small">
          {t('home.upgrade_action')}
        </ButtonLink>
      }
    >
      {t('home.upgrade')}
    </Alert>
  );
}

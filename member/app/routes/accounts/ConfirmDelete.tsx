import { Form, Link } from '@remix-run/react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { buttonClass } from '~/ui/Button';
import { SubmitButton } from '~/ui/SubmitButton';
import { Isolated } from '~/components/Isolated';
import type { TabName } from './tabs';

/**
 * Asks before deleting, in the page's own words: a step shown in place (a link to ?confirm=id), so
 * it works without JavaScript too; Cancel goes back to the list.
 */
export function ConfirmDelete({ tab, intent, id, name }: { tab: TabName; intent: string; id: string; name: string }) {
  const { t } = useT();
  return (
    <Alert severity="warning" role="alertdialog" aria-labelledby={`confirm-${id}`} className="confirm-delete">
      <p id={`confirm-${id}`} className="t-strong">
        <Isolated k="ui.delete_title" values={{ name }} />
      </p>
      <p className="t-body2 mb-1">{t('account.delete_confirm')}</p>
      <div className="row">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <SubmitButton size="small" variant="contained" danger autoFocus>
            {t('ui.delete_yes')}
          </SubmitButton>
        </Form>
        <Link to={`/accounts?tab=${tab}`} replace className={buttonClass({ size: 'small' })}>
          {t('ui.cancel')}
        </Link>
      </div>
    </Alert>
  );
}

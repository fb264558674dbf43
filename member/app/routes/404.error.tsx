import { MessagePage } from '~/components/NotFound';
import { useT } from '~/i18n';

export default function ErrorPage() {
  const { t } = useT();
  return <MessagePage title={t('error.title')} text={t('error.text')} />;
}

import { useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';

/** A page that only says something: the not-found and error pages. */
export function MessagePage({ code, title, text }: { code?: string; title: string; text: string }) {
  const { t } = useT();
  return (
    <div className="container container-sm page-tall t-center">
      {code && <p className="t-display primary-text">{code}</p>}
      <h1 className="t-h5 gutter">{title}</h1>
      <p className="muted">{text}</p>
      <div className="mt-3">
        <ButtonLink to="/" variant="contained">
          {t('notfound.back')}
        </ButtonLink>
      </div>
    </div>
  );
}

export function NotFound() {
  const { t } = useT();
  return <MessagePage code="404" title={t('notfound.title')} text={t('notfound.text')} />;
}

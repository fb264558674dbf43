import type { CertificateView } from '@platform/contract';
import { ButtonLink } from '~/ui/Button';
import { useT } from '~/i18n';
import { formatDay } from '~/utils/posts';

export function CertificatesTab({ certificates }: { certificates: CertificateView[] }) {
  const { t, lang } = useT();
  if (certificates.length === 0) return <p className="muted">{t('account.certificates_empty')}</p>;
  return (
    <ul className="item-list">
      {certificates.map((c) => (
        <li key={c._id}>
          <div className="grow min-0">
            <p>{lang === 'ar' ? c.name : c.name_en}</p>
            <span className="t-caption muted">{formatDay(c.date, lang)}</span>
          </div>
          {c.file && (
            <ButtonLink href={c.file} size="small" download>
              {t('account.download')}
            </ButtonLink>
          )}
        </li>
      ))}
    </ul>
  );
}

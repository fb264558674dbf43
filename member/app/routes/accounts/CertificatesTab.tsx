import type { CertificateView } from '@platform/contract';
import { ButtonLink } from '~/ui/Button';
import { useT } from '~/i18n';
import { formatDay } from '~/utils/posts';

export function CertificatesTab({ certificates }: { certificates: CertificateView[] }) {
  const { t, lang } = useT();
  if (certificates.length === 0) return <p className="muted">{t('account.certificates_empty')}</p>;
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <ul className="item-list">
      {certificates.map((c) => (
        <li key={c._id}>
          <div className="grow min-0">
            <p>
              {lang === 'ar' ? c.name : c.name_en}
              {c.state === 'revoked' && <span className="t-caption muted"> · {t('certificate.revoked_chip')}</span>}
            </p>
            <span className="t-caption muted">{formatDay(c.date, lang)}</span>
            {c.code && (
              <span className="t-caption">
                {' · '}
                <a href={`/verify/${c.code}`}>{t('certificate.verify_link')}</a>
              </span>
            )}
          </div>
          {c.download ? (
            <div className="row gap-1">
              <ButtonLink href={`/accounts/certificate/${c._id}`} size="small" download>
                {t('account.download')}
              </ButtonLink>
              <ButtonLink href={`/accounts/certificate/${c._id}?lang=${other}`} size="small" variant="text" download>
                {t('certificate.download_other')}
              </ButtonLink>
            </div>
          ) : (
            c.file && (
              <ButtonLink href={c.file} size="small" download>
                {t('account.download')}
              </ButtonLink>
            )
          )}
        </li>
      ))}
    </ul>
  );
}

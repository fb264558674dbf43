import { Link } from '@remix-run/react';
import { useT } from '~/i18n';

export function Footer() {
  const { t } = useT();
  const links: [string, string][] = [
    ['/', t('footer.home')],
    ['/accounts', t('footer.profile')],
    ['/accounts?tab=myteams', t('footer.teams')],
    ['/subcription/package', t('footer.store')],
    ['/competitions', t('footer.competitions')],
    ['/blogs/', t('footer.articles')],
    ['/contact', t('footer.contact')],
  ];
  return (
    <footer className="footer">
      <div className="container container-lg">
        <div className="row wrap gap-2 mb-2">
          {links.map(([to, label]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </div>
        <div className="footer-bottom t-body2">
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <div className="row gap-2">
            <Link to="/privacy">{t('footer.privacy')}</Link>
            <Link to="/terms">{t('footer.terms')}</Link>
          </div>
        </div>
      </div>
    </footer>
  );
}

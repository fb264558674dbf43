import { Form, Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '~/i18n';
import type { NavUser } from '~/root';
import { Avatar } from '~/ui/Avatar';
import { Button, ButtonLink } from '~/ui/Button';
import { cx } from '~/ui/cx';
import { MenuIcon } from './icons';

/**
 * A menu that opens without JavaScript (<details>). Its <summary> is the button: the browser tells
 * assistive technology whether it is expanded (HTML allows no role or aria-expanded on a summary).
 * With JavaScript, Escape closes it (focus back on its button) and it closes after each navigation.
 */
function Dropdown({
  label,
  trigger,
  testId,
  className,
  children,
}: {
  label: string;
  trigger: ReactNode;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details
      ref={ref}
      className={cx('dropdown', className)}
      data-testid={testId}
      onKeyDown={(e: KeyboardEvent<HTMLDetailsElement>) => {
        if (e.key !== 'Escape' || !ref.current?.open) return;
        ref.current.open = false;
        summary.current?.focus();
      }}
    >
      <summary ref={summary} aria-label={label}>
        {trigger}
      </summary>
      {children}
    </details>
  );
}

/** The language choice: a full page load, so the page starts in the new direction. */
function LanguageForm({ here, className }: { here: string; className?: string }) {
  const { t } = useT();
  return (
    <Form method="post" action="/set-lang" reloadDocument className={className}>
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" name="lang" value="en" lang="en">
        {t('lang.en')}
      </Button>
      <Button type="submit" name="lang" value="ar" lang="ar">
        {t('lang.ar')}
      </Button>
    </Form>
  );
}

/** The phone header's menu: Home, Articles, Competitions, Account, the language and signing out. */
function PhoneMenu({ user, adminUrl, here }: { user: NavUser | null; adminUrl: string; here: string }) {
  const { t } = useT();
  return (
    <Dropdown testId="phone-menu" label={t('ui.menu')} className="phone-only" trigger={<MenuIcon />}>
      <div className="menu menu-wide">
        {user && <p className="menu-name">{user.name}</p>}
        <ButtonLink to="/">{t('nav.home')}</ButtonLink>
        <ButtonLink to="/blogs">{t('ui.articles')}</ButtonLink>
        <ButtonLink to="/competitions">{t('ui.competitions')}</ButtonLink>
        {user?.judge && <ButtonLink to="/judging">{t('judging.title')}</ButtonLink>}
        {user ? (
          <ButtonLink to="/accounts">{t('nav.account')}</ButtonLink>
        ) : (
          <ButtonLink to="/auth/join-us">{t('nav.join_us')}</ButtonLink>
        )}
        {user && (user.type === 4 || user.type === 5) && <ButtonLink href={adminUrl}>{t('nav.admin')}</ButtonLink>}
        <p className="menu-label t-caption muted">{t('nav.language')}</p>
        <LanguageForm here={here} />
        {user && (
          <Form method="post" action="/logout">
            <Button type="submit">{t('nav.logout')}</Button>
          </Form>
        )}
      </div>
    </Dropdown>
  );
}

/** The top bar: home, the language menu, and the account menu or the join-us link. */
export function Navbar({ user, adminUrl }: { user: NavUser | null; adminUrl: string }) {
  const { t, lang } = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className="appbar">
      <nav className="container container-lg toolbar" aria-label={t('nav.main')}>
        <Link to="/" className="brand">
          {t('brand')}
        </Link>
        <div className="nav-links wide-only">
          <ButtonLink to="/" color="inherit">
            {t('nav.home')}
          </ButtonLink>
          <ButtonLink to="/blogs" color="inherit">
            {t('ui.articles')}
          </ButtonLink>
          <ButtonLink to="/competitions" color="inherit">
            {t('ui.competitions')}
          </ButtonLink>
        </div>
        <PhoneMenu user={user} adminUrl={adminUrl} here={here} />
        <Dropdown
          testId="language-menu"
          className="wide-only"
          label={t('nav.language')}
          trigger={<span className="t-strong">{lang === 'ar' ? 'AR' : 'EN'}</span>}
        >
          <LanguageForm here={here} className="menu" />
        </Dropdown>
        {user ? (
          <Dropdown
            testId="account-menu"
            className="wide-only"
            label={t('nav.account')}
            trigger={<Avatar src={user.picture} name={user.name} alt="" size="small" color="secondary" />}
          >
            <div className="menu">
              <p className="menu-name">{user.name}</p>
              <ButtonLink to="/">{t('nav.dashboard')}</ButtonLink>
              {(user.type === 4 || user.type === 5) && <ButtonLink href={adminUrl}>{t('nav.admin')}</ButtonLink>}
              <ButtonLink to="/accounts">{t('nav.profile')}</ButtonLink>
              {user.judge && <ButtonLink to="/judging">{t('judging.title')}</ButtonLink>}
              <Form method="post" action="/logout">
                <Button type="submit">{t('nav.logout')}</Button>
              </Form>
            </div>
          </Dropdown>
        ) : (
          <ButtonLink to="/auth/join-us" color="inherit" variant="outlined" className="wide-only">
            {t('nav.join_us')}
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}

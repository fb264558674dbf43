import { Form, Link, useLocation } from '@remix-run/react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useT } from '~/i18n';
import type { NavUser } from '~/root';
import { MenuIcon } from './icons';

const menuStyle = {
  position: 'absolute' as const,
  insetInlineEnd: 0,
  top: '100%',
  mt: 1,
  minWidth: 200,
  bgcolor: 'background.paper',
  color: 'text.primary',
  boxShadow: 4,
  borderRadius: 2,
  py: 1,
  zIndex: 10,
  display: 'flex',
  flexDirection: 'column' as const,
  '& a, & button': {
    justifyContent: 'flex-start',
    px: 2,
    py: 1,
    width: '100%',
    textTransform: 'none',
    color: 'inherit',
  },
};

const summaryStyle = {
  listStyle: 'none',
  cursor: 'pointer',
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  '&::-webkit-details-marker': { display: 'none' },
};

/**
 * A menu that opens without JavaScript (<details>). With it, aria-expanded follows the menu, Escape
 * closes it (focus back on its button) and it closes after each navigation.
 */
function Dropdown({
  label,
  trigger,
  testId,
  sx,
  children,
}: {
  label: string;
  trigger: ReactNode;
  testId: string;
  sx?: object;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <Box
      component="details"
      ref={ref}
      sx={{ position: 'relative', ...sx }}
      data-testid={testId}
      onToggle={(e: SyntheticEvent<HTMLDetailsElement>) => setOpen(e.currentTarget.open)}
      onKeyDown={(e: KeyboardEvent<HTMLDetailsElement>) => {
        if (e.key !== 'Escape' || !ref.current?.open) return;
        ref.current.open = false;
        summary.current?.focus();
      }}
    >
      <Box component="summary" ref={summary} sx={summaryStyle} aria-label={label} aria-expanded={open} role="button">
        {trigger}
      </Box>
      {children}
    </Box>
  );
}

/** Shown from the small breakpoint up; on a phone the menu button holds the same links. */
const WIDE = { display: { xs: 'none', sm: 'block' } };

/** The language choice: a full page load, so the direction's styles are set up when the page starts. */
function LanguageForm({ here, sx }: { here: string; sx?: object }) {
  const { t } = useT();
  return (
    <Box component={Form} method="post" action="/set-lang" reloadDocument sx={sx}>
      <input type="hidden" name="redirectTo" value={here} />
      <Button type="submit" name="lang" value="en" lang="en">
        {t('lang.en')}
      </Button>
      <Button type="submit" name="lang" value="ar" lang="ar">
        {t('lang.ar')}
      </Button>
    </Box>
  );
}

/** The phone header's menu: Home, Articles, Competitions, Account, the language and signing out. */
function PhoneMenu({ user, adminUrl, here }: { user: NavUser | null; adminUrl: string; here: string }) {
  const { t } = useT();
  return (
    <Dropdown
      testId="phone-menu"
      label={t('ui.menu')}
      sx={{ display: { xs: 'block', sm: 'none' } }}
      trigger={<MenuIcon sx={{ display: 'block' }} />}
    >
      <Box sx={{ ...menuStyle, minWidth: 240 }}>
        {user && <Typography sx={{ px: 2, py: 1, fontWeight: 600 }}>{user.name}</Typography>}
        <Button component={Link} to="/">
          {t('nav.home')}
        </Button>
        <Button component={Link} to="/blogs">
          {t('ui.articles')}
        </Button>
        <Button component={Link} to="/competitions">
          {t('ui.competitions')}
        </Button>
        {user ? (
          <Button component={Link} to="/accounts">
            {t('nav.account')}
          </Button>
        ) : (
          <Button component={Link} to="/auth/join-us">
            {t('nav.join_us')}
          </Button>
        )}
        {user && (user.type === 4 || user.type === 5) && (
          <Button component="a" href={adminUrl}>
            {t('nav.admin')}
          </Button>
        )}
        <Typography component="p" variant="caption" color="text.secondary" sx={{ px: 2, pt: 1 }}>
          {t('nav.language')}
        </Typography>
        <LanguageForm here={here} />
        {user && (
          <Form method="post" action="/logout">
            <Button type="submit">{t('nav.logout')}</Button>
          </Form>
        )}
      </Box>
    </Dropdown>
  );
}

/** The top bar: home, the language menu, and the account menu or the join-us link. */
export function Navbar({ user, adminUrl }: { user: NavUser | null; adminUrl: string }) {
  const { t, lang } = useT();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <AppBar position="static" elevation={0} component="header">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1 }} component="nav" aria-label={t('nav.main')}>
          <Typography
            component={Link}
            to="/"
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: { xs: 1, sm: 0 } }}
          >
            {t('brand')}
          </Typography>
          <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }}>
            <Button component={Link} to="/" color="inherit">
              {t('nav.home')}
            </Button>
            <Button component={Link} to="/blogs" color="inherit">
              {t('ui.articles')}
            </Button>
            <Button component={Link} to="/competitions" color="inherit">
              {t('ui.competitions')}
            </Button>
          </Box>
          <PhoneMenu user={user} adminUrl={adminUrl} here={here} />
          <Dropdown
            testId="language-menu"
            sx={WIDE}
            label={t('nav.language')}
            trigger={
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {lang === 'ar' ? 'AR' : 'EN'}
              </Typography>
            }
          >
            <LanguageForm here={here} sx={menuStyle} />
          </Dropdown>
          {user ? (
            <Dropdown
              testId="account-menu"
              sx={WIDE}
              label={t('nav.account')}
              trigger={
                <Avatar
                  src={user.picture ?? undefined}
                  alt=""
                  sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}
                >
                  {user.name.slice(0, 1)}
                </Avatar>
              }
            >
              <Box sx={menuStyle}>
                <Typography sx={{ px: 2, py: 1, fontWeight: 600 }}>{user.name}</Typography>
                <Button component={Link} to="/">
                  {t('nav.dashboard')}
                </Button>
                {(user.type === 4 || user.type === 5) && (
                  <Button component="a" href={adminUrl}>
                    {t('nav.admin')}
                  </Button>
                )}
                <Button component={Link} to="/accounts">
                  {t('nav.profile')}
                </Button>
                <Form method="post" action="/logout">
                  <Button type="submit">{t('nav.logout')}</Button>
                </Form>
              </Box>
            </Dropdown>
          ) : (
            <Button
              component={Link}
              to="/auth/join-us"
              color="inherit"
              variant="outlined"
              sx={{ borderColor: 'rgba(255,255,255,.6)', ...WIDE }}
            >
              {t('nav.join_us')}
            </Button>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}

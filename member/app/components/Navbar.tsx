import { Form, Link, useLocation } from '@remix-run/react';
import { AppBar, Avatar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import { useT } from '~/i18n';
import type { NavUser } from '~/root';

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

/** Menus are <details> elements: they open without JavaScript, and close when an item is chosen. */
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
          </Box>
          <Box component="details" sx={{ position: 'relative' }} data-testid="language-menu">
            <Box component="summary" sx={summaryStyle} aria-label={t('nav.language')} role="button">
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {lang === 'ar' ? 'AR' : 'EN'}
              </Typography>
            </Box>
            <Box component={Form} method="post" action="/set-lang" sx={menuStyle}>
              <input type="hidden" name="redirectTo" value={here} />
              <Button type="submit" name="lang" value="en" lang="en">
                {t('lang.en')}
              </Button>
              <Button type="submit" name="lang" value="ar" lang="ar">
                {t('lang.ar')}
              </Button>
            </Box>
          </Box>
          {user ? (
            <Box component="details" sx={{ position: 'relative' }} data-testid="account-menu">
              <Box component="summary" sx={summaryStyle} aria-label={t('nav.account')} role="button">
                <Avatar
                  src={user.picture ?? undefined}
                  alt=""
                  sx={{ width: 32, height: 32, bgcolor: 'secondary.main' }}
                >
                  {user.name.slice(0, 1)}
                </Avatar>
              </Box>
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
            </Box>
          ) : (
            <Button
              component={Link}
              to="/auth/join-us"
              color="inherit"
              variant="outlined"
              sx={{ borderColor: 'rgba(255,255,255,.6)' }}
            >
              {t('nav.join_us')}
            </Button>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}

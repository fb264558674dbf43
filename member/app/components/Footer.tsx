import { Link } from '@remix-run/react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
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
    <Box component="footer" sx={{ mt: 'auto', py: 3, bgcolor: 'grey.900', color: 'grey.300' }}>
      <Container maxWidth="lg">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {links.map(([to, label]) => (
            <MuiLink key={to} component={Link} to={to} color="inherit" underline="hover">
              {label}
            </MuiLink>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">{t('footer.copyright', { year: new Date().getFullYear() })}</Typography>
          <Stack direction="row" spacing={2}>
            <MuiLink component={Link} to="/privacy" color="inherit" variant="body2">
              {t('footer.privacy')}
            </MuiLink>
            <MuiLink component={Link} to="/terms" color="inherit" variant="body2">
              {t('footer.terms')}
            </MuiLink>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

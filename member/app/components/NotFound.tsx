import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';

/** A page that only says something: the not-found and error pages. */
export function MessagePage({ code, title, text }: { code?: string; title: string; text: string }) {
  const { t } = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      {code && (
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          {code}
        </Typography>
      )}
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/" variant="contained">
          {t('notfound.back')}
        </Button>
      </Box>
    </Container>
  );
}

export function NotFound() {
  const { t } = useT();
  return <MessagePage code="404" title={t('notfound.title')} text={t('notfound.text')} />;
}

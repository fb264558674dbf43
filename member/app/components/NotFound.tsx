import { Link } from '@remix-run/react';
import { Box, Button, Container, Typography } from '@mui/material';
import { useT } from '~/i18n';

export function NotFound() {
  const { t } = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('notfound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notfound.text')}</Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/" variant="contained">
          {t('notfound.back')}
        </Button>
      </Box>
    </Container>
  );
}

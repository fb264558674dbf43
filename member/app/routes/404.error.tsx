import { Box, Button, Container, Typography } from '@mui/material';
import { Link } from '@remix-run/react';
import { useT } from '~/i18n';

export default function ErrorPage() {
  const { t } = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('error.title')}
      </Typography>
      <Typography color="text.secondary">{t('error.text')}</Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/" variant="contained">
          {t('notfound.back')}
        </Button>
      </Box>
    </Container>
  );
}

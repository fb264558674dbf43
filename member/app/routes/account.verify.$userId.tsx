import { Alert, Container, Typography } from '@mui/material';
import { useT } from '~/i18n';

/** Phone verification by one-time code is the next member-accounts step; the sign-in already leads here. */
export default function VerifyAccount() {
  const { t } = useT();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('verify.title')}
      </Typography>
      <Alert severity="info">{t('verify.soon')}</Alert>
    </Container>
  );
}

import { Button, Container, Typography } from '@mui/material';
import { Link, useSearchParams } from '@remix-run/react';
import { NotFound } from '~/components/NotFound';
import { useT } from '~/i18n';

const PAYMENT = ['declined', 'cancelled', 'expired', 'failed'] as const;

/** The not-found page; after a payment that did not go through (?payment=…), it says why and offers the plans. */
export default function NotFoundPage() {
  const [params] = useSearchParams();
  const { t } = useT();
  const reason = PAYMENT.find((p) => p === params.get('payment'));
  if (!reason) return <NotFound />;
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t(reason === 'failed' ? 'payment.declined' : `payment.${reason}`)}
      </Typography>
      <Button component={Link} to="/subcription/package" variant="contained" sx={{ mt: 3 }}>
        {t('payment.try_again')}
      </Button>
    </Container>
  );
}

import { Card, CardContent, Container, Typography } from '@mui/material';
import { useT } from '~/i18n';
import { RichText } from './RichText';

export interface Policy {
  html: string;
  updatedAt: string | null;
}

type Which = 'privacy' | 'terms';

export function PolicyPage({ which, policy }: { which: Which; policy: Policy }) {
  const { t } = useT();
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Card>
        <CardContent>
          <Typography variant="h4" component="h1" gutterBottom>
            {t(which === 'privacy' ? 'footer.privacy' : 'footer.terms')}
          </Typography>
          {policy.html ? (
            <RichText html={policy.html} />
          ) : (
            <Typography color="text.secondary">{t('policy.empty')}</Typography>
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useT } from '~/i18n';
import { CodeInput } from './CodeInput';
import { SubmitButton } from './SubmitButton';

/** The card every account form sits in: a title, an optional line of help, the server's error. */
export function FormCard({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
          )}
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

/** A one-time code page: where the code went, the boxes, and a way to ask for a new code. */
export function CodeStep(props: {
  title: string;
  destination: string;
  length: number;
  error?: string;
  busy: boolean;
  resendTo: string;
}) {
  const { t } = useT();
  return (
    <FormCard
      title={props.title}
      error={props.error}
      intro={
        <>
          {t('verify.code_intro', { length: props.length })} <bdi dir="ltr">{props.destination}</bdi>
        </>
      }
    >
      <Form method="post">
        <Stack spacing={3}>
          <CodeInput length={props.length} />
          <SubmitButton variant="contained" size="large">
            {t('verify.submit')}
          </SubmitButton>
        </Stack>
      </Form>
      <Button component={Link} to={props.resendTo} sx={{ mt: 2 }}>
        {t('verify.resend')}
      </Button>
    </FormCard>
  );
}

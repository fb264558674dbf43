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

/**
 * A one-time code page: where the code went, the boxes, "send a new code" (a post to `resendAction`
 * with `resend=1`: the same destination again, back on this page) and a link to change the destination.
 */
export function CodeStep(props: {
  title: string;
  destination: string;
  length: number;
  error?: string;
  busy: boolean;
  resendAction: string;
  changeTo: string;
  changeLabel: string;
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
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Form method="post" action={props.resendAction}>
          <input type="hidden" name="resend" value="1" />
          <Button type="submit" disabled={props.busy}>
            {t('verify.resend')}
          </Button>
        </Form>
        <Button component={Link} to={props.changeTo}>
          {props.changeLabel}
        </Button>
      </Stack>
    </FormCard>
  );
}

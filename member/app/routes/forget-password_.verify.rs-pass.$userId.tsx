import { Alert, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CodeInput } from '~/components/CodeInput';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang, getSession, sessionStorage } from '~/utils/session.server';

const CODE_LENGTH = 6;

async function pending(request: Request, userId: string | undefined) {
  const session = await getSession(request);
  const reset = session.get('reset');
  if (!userId) throw redirect('/404/not-found/');
  if (!reset || reset.userId !== userId) throw redirect('/forget-password');
  return { session, reset };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { reset } = await pending(request, params.userId);
  const site = await api<{ otp_length?: number }>(request, '/site', { lang: await getLang(request) });
  return { destination: reset.destination, length: site.data.otp_length ?? CODE_LENGTH };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { session, reset } = await pending(request, params.userId);
  const lang = await getLang(request);
  const code = (await request.formData()).getAll('code').map(String).join('').trim().toUpperCase();
  if (!code) return data({ error: translate(lang, 'verify.incorrect') }, { status: 400 });
  const res = await api<{ rs_token: string }>(request, '/verify/forget', {
    body: { code, user_id: reset.userId },
    lang,
  });
  if (!res.ok || !res.data.rs_token)
    return data({ error: res.data.message ?? translate(lang, 'verify.incorrect') }, { status: res.status });
  session.unset('reset');
  session.set('rsToken', res.data.rs_token);
  throw redirect('/reset-password/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export default function ResetCode() {
  const { t } = useT();
  const { destination, length } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('reset.code_title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('verify.code_intro', { length })} <bdi dir="ltr">{destination}</bdi>
          </Typography>
          {result?.error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {result.error}
            </Alert>
          )}
          <Form method="post">
            <Stack spacing={3}>
              <CodeInput length={length} />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {t('verify.submit')}
              </Button>
            </Stack>
          </Form>
          <Button component={Link} to="/forget-password" sx={{ mt: 2 }}>
            {t('verify.resend')}
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}

import { CodeStep } from '~/components/FormCard';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang, getSession, sessionStorage, ticketRef } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { codeOf } from '~/utils/digits';

const CODE_LENGTH = 6;

/** The reset under way in this session; the address carries its ticket's digest. */
async function pending(request: Request, ref: string | undefined) {
  const session = await getSession(request);
  const reset = session.get('reset');
  if (!ref) throw redirect('/404/not-found/');
  if (!reset?.ticket || ticketRef(reset.ticket) !== ref) throw redirect('/forget-password');
  return { session, reset };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { reset } = await pending(request, params.userId);
  const site = await api<{ otp_length?: number }>(request, '/site', { lang: await getLang(request) });
  return { destination: reset.destination, length: site.data.otp_length ?? CODE_LENGTH };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { session, reset } = await pending(request, params.userId);
  const lang = await getLang(request);
  const code = codeOf(form, CODE_LENGTH);
  if (!code) return data({ error: translate(lang, 'verify.incorrect') }, { status: 400 });
  const res = await api<{ rs_token: string }>(request, '/verify/forget', {
    body: { code, user_id: reset.ticket },
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
    <CodeStep
      title={t('reset.code_title')}
      destination={destination}
      length={length}
      error={result?.error}
      busy={busy}
      resendAction="/forget-password"
      changeTo="/forget-password"
      changeLabel={t('reset.change_email')}
    />
  );
}

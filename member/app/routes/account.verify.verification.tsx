import { CodeStep } from '~/components/FormCard';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { safeRedirect } from '~/utils/auth.server';
import { codeOf } from '~/utils/digits';
import { getLang, getSession, sessionStorage, ticketRef } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';

/** Code entry: leaves when no code was sent in this session (spec §2). */
async function sent(request: Request) {
  const session = await getSession(request);
  const pending = session.get('verify');
  if (!pending?.destination) throw redirect('/auth/join-us/');
  return { session, pending };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { pending } = await sent(request);
  return { ref: ticketRef(pending.ticket), destination: pending.destination!, length: pending.length ?? 6 };
}

/** The right code signs the member in (the API answers a session) and goes home, or where they were going. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { session, pending } = await sent(request);
  const lang = await getLang(request);
  const code = codeOf(form, pending.length ?? 6);
  if (!code) return data({ error: translate(lang, 'verify.incorrect') }, { status: 400 });
  const res = await api(request, '/verify', { body: { code, user_id: pending.ticket }, lang });
  if (!res.ok) return data({ error: res.data.message ?? translate(lang, 'verify.incorrect') }, { status: res.status });
  session.unset('verify');
  session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'verify.done') });
  let to = '/auth/join-us/';
  if (res.token) {
    session.set('token', res.token);
    to = safeRedirect(session.get('next'));
    session.unset('next');
  }
  throw redirect(to, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export default function VerifyCode() {
  const { t } = useT();
  const { ref, destination, length } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <CodeStep
      title={t('verify.code_title')}
      destination={destination}
      length={length}
      error={result?.error}
      busy={busy}
      resendAction={`/account/verify/${ref}`}
      changeTo={`/account/verify/${ref}`}
      changeLabel={t('verify.change_phone')}
    />
  );
}

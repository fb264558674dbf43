import { FormCard } from '~/components/FormCard';
import { TextField } from '~/ui/TextField';
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang, getSession, sessionStorage, ticketRef } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { SubmitButton } from '~/ui/SubmitButton';

/** Sends the reset code; `resend` (the code page's "send a new code") sends it again to the e-mail already given. */
export async function action({ request }: ActionFunctionArgs) {
  const lang = await getLang(request);
  const form = await readForm(request);
  const session = await getSession(request);
  const previous = session.get('reset');
  const resend = form.get('resend') === '1' && !!previous?.email;
  const email = resend ? previous!.email! : String(form.get('email') ?? '').trim();
  if (!email) return data({ error: translate(lang, 'reset.email_required'), email }, { status: 400 });
  const res = await api<{ user: { _id: string }; destination: string }>(request, '/otp/forget', {
    body: { email },
    lang,
  });
  if (!res.ok) return data({ error: res.data.message ?? translate(lang, 'error.text'), email }, { status: res.status });
  // user._id is the API's opaque reset ticket (the same for a known and an unknown e-mail).
  session.set('reset', { ticket: res.data.user._id, destination: res.data.destination, email });
  session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'reset.sent') });
  throw redirect(`/forget-password/verify/rs-pass/${ticketRef(res.data.user._id)}`, {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  });
}

export default function ForgetPassword() {
  const { t } = useT();
  const result = useActionData<typeof action>();
  return (
    <FormCard title={t('reset.title')} intro={t('reset.intro')} error={result?.error}>
      <Form method="post" replace>
        <div className="stack gap-2">
          <TextField
            id="email"
            name="email"
            type="email"
            label={t('reset.email')}
            defaultValue={result?.email ?? ''}
            required
            autoComplete="email"
            dir="ltr"
          />
          <SubmitButton variant="contained" size="large">
            {t('reset.send')}
          </SubmitButton>
        </div>
      </Form>
    </FormCard>
  );
}

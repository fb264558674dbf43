import { isMemberType, LIMITS, roleOf } from '@platform/contract';
import { FormCard } from '~/components/FormCard';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getLang, getSession, sessionStorage } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { SubmitButton } from '~/ui/SubmitButton';
import { PasswordField } from '~/ui/PasswordField';

/** Needs a reset token from a checked code, else back to join-us (spec §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  if (!session.get('rsToken')) throw redirect('/auth/join-us/');
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const session = await getSession(request);
  const rsToken = session.get('rsToken');
  if (!rsToken) throw redirect('/auth/join-us/');
  const lang = await getLang(request);
  const password = String(form.get('password') ?? '');
  const cpassword = String(form.get('cpassword') ?? '');
  if (password !== cpassword) return data({ error: translate(lang, 'reset.mismatch') }, { status: 400 });
  const res = await api<{ type: number }>(request, '/update-password/', {
    body: { password, cpassword },
    token: rsToken,
    lang,
  });
  if (res.status === 400) return data({ error: res.data.message ?? translate(lang, 'reset.later') }, { status: 400 });
  session.unset('rsToken');
  if (!res.ok) {
    session.flash('toast', { type: 'error', text: translate(lang, 'reset.later') });
    throw redirect('/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
  }
  session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'reset.done') });
  throw redirect(`/${isMemberType(res.data.type) ? roleOf(res.data.type) : 'entity'}/signin/`, {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  });
}

export default function ResetPassword() {
  const { t } = useT();
  const result = useActionData<typeof action>();
  return (
    <FormCard title={t('reset.new_title')} error={result?.error}>
      <Form method="post" replace>
        <div className="stack gap-2">
          <PasswordField
            id="password"
            name="password"
            label={t('reset.password')}
            required
            autoComplete="new-password"
            helperText={t('signup.password_hint')}
            minLength={LIMITS.passwordMin}
          />
          <PasswordField
            id="cpassword"
            name="cpassword"
            label={t('reset.cpassword')}
            required
            autoComplete="new-password"
          />
          <SubmitButton variant="contained" size="large">
            {t('reset.save')}
          </SubmitButton>
        </div>
      </Form>
    </FormCard>
  );
}

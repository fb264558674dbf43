import { FormCard } from '~/components/FormCard';
import { TextField } from '~/ui/TextField';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { digitsOf, phoneInput } from '~/utils/digits';
import { getLang, getSession, sessionStorage, ticketRef } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { SubmitButton } from '~/ui/SubmitButton';

/** Phone entry for verification: only for the account that just signed up or tried to sign in (its ticket's digest in the address). */
async function pendingUser(request: Request, ref: string | undefined) {
  const session = await getSession(request);
  const pending = session.get('verify');
  if (!ref || !pending?.ticket || ticketRef(pending.ticket) !== ref) {
    const lang = await getLang(request);
    session.flash('toast', { type: 'error', text: translate(lang, 'verify.user_not_found') });
    throw redirect('/auth/join-us/', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
  }
  return { session, pending };
}

/**
 * On arrival with a known number (given at sign-up or on the account) the code is sent once, and
 * the page goes on to the code: no second tap. The API's resend limits apply as to any send; a
 * refusal (a limit, a number it does not take) shows here with the number offered again, and is
 * not tried again on the next visit (`offered`): the person sends it with the button.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { session, pending } = await pendingUser(request, params.userId);
  if (!pending.phone || pending.destination || pending.offered) return { phone: pending.phone ?? '', error: null };
  const lang = await getLang(request);
  const res = await api<{ destination: string; length: number }>(request, '/otp', {
    body: { phone_number: pending.phone, user_id: pending.ticket },
    lang,
  });
  if (!res.ok) {
    session.set('verify', { ...pending, offered: true });
    return data(
      { phone: pending.phone, error: res.data.message ?? translate(lang, 'error.text') },
      { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } },
    );
  }
  session.set('verify', { ...pending, offered: true, destination: res.data.destination, length: res.data.length });
  // The sign-up's "registered" stays the message shown; the code page says where the code went.
  if (!session.has('toast'))
    session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'verify.sent') });
  throw redirect('/account/verify/verification/', {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  });
}

/**
 * Sends the code. `resend` (the code page's "send a new code") sends it again to the number already
 * given, and any refusal goes back to the code page rather than to an empty form.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { session, pending } = await pendingUser(request, params.userId);
  const lang = await getLang(request);
  const resend = form.get('resend') === '1' && !!pending.phone && !!pending.destination;
  const phone = resend ? pending.phone! : digitsOf(form, 'phone_number');
  const res = await api<{ destination: string; length: number }>(request, '/otp', {
    body: { phone_number: phone, user_id: pending.ticket },
    lang,
  });
  if (!res.ok && resend) {
    session.flash('toast', { type: 'error', text: res.data.message ?? translate(lang, 'error.text') });
    throw redirect('/account/verify/verification/', {
      headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
    });
  }
  if (!res.ok) return data({ error: res.data.message ?? translate(lang, 'error.text'), phone }, { status: res.status });
  session.set('verify', { ...pending, phone, destination: res.data.destination, length: res.data.length });
  session.flash('toast', { type: 'success', text: res.data.message ?? translate(lang, 'verify.sent') });
  throw redirect('/account/verify/verification/', {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  });
}

export default function VerifyPhone() {
  const { t } = useT();
  const { phone, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shown = result?.error ?? error;
  return (
    <FormCard title={t('verify.title')} intro={t('verify.intro')}>
      <Form method="post" replace>
        <div className="stack gap-2">
          <TextField
            id="phone_number"
            name="phone_number"
            type="tel"
            label={t('verify.phone')}
            defaultValue={result?.phone ?? phone}
            required
            autoComplete="tel"
            error={!!shown}
            helperText={shown ?? t('signup.phone_hint')}
            {...phoneInput}
          />
          <SubmitButton variant="contained" size="large">
            {t('verify.send')}
          </SubmitButton>
        </div>
      </Form>
    </FormCard>
  );
}

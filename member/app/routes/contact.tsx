import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { api } from '~/utils/api.server';
import { getViewer } from '~/utils/auth.server';
import { getLang, getSession, sessionStorage } from '~/utils/session.server';
import { readForm } from '~/utils/form.server';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { phoneInput, toAsciiDigits } from '~/utils/digits';
import { withSite } from '~/utils/seo';

/** The public contact form; a signed-in member finds their name and e-mail filled in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getViewer(request);
  return { name: viewer?.user.name ?? '', email: viewer?.user.email ?? '', phone: viewer?.user.phone_number ?? '' };
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'contact.title')} · ${translate(lang, 'brand')}` }]);
};

export async function action({ request }: ActionFunctionArgs) {
  const lang = await getLang(request);
  const form = await readForm(request);
  const values = Object.fromEntries(
    ['name', 'email', 'phone', 'message'].map((k) => [k, String(form.get(k) ?? '').trim()]),
  ) as Record<'name' | 'email' | 'phone' | 'message', string>;
  values.phone = toAsciiDigits(values.phone);
  if (!values.name || !values.email || !values.message)
    return data({ error: translate(lang, 'contact.fields_empty'), values }, { status: 400 });
  const res = await api(request, '/contactus', { body: values, lang });
  if (!res.ok)
    return data({ error: res.data.message ?? translate(lang, 'account.failed'), values }, { status: res.status });
  const session = await getSession(request);
  session.flash('toast', { type: 'success', text: res.data.message ?? '' });
  return redirect('/contact', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } });
}

export default function Contact() {
  const prefill = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const v = result?.values ?? { ...prefill, message: '' };
  // A sent message comes back here by a redirect (a new location): the form starts empty again.
  const sent = useLocation().key;
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t('contact.title')}</h1>
          <p className="muted mb-2">{t('contact.intro')}</p>
          {result?.error && (
            <Alert severity="error" className="mb-2">
              {result.error}
            </Alert>
          )}
          <Form method="post" key={sent}>
            <div className="stack gap-2">
              <TextField
                id="name"
                name="name"
                label={t('contact.name')}
                defaultValue={v.name}
                required
                maxLength={120}
              />
              <TextField
                id="email"
                name="email"
                type="email"
                label={t('contact.email')}
                defaultValue={v.email}
                required
                dir="ltr"
                maxLength={254}
              />
              <TextField
                id="phone"
                name="phone"
                type="tel"
                label={t('contact.phone')}
                defaultValue={v.phone}
                {...phoneInput}
                maxLength={30}
              />
              <TextField
                id="message"
                name="message"
                label={t('contact.message')}
                defaultValue={v.message}
                required
                multiline
                rows={5}
                maxLength={5000}
              />
              <SubmitButton variant="contained" size="large">
                {t('contact.send')}
              </SubmitButton>
            </div>
          </Form>
        </CardBody>
      </Card>
    </div>
  );
}

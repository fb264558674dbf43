import type { PartnerMember } from '@platform/contract';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { readForm } from '~/utils/form.server';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { PasswordField } from '~/ui/PasswordField';
import { SubmitButton } from '~/ui/SubmitButton';
import { TextField } from '~/ui/TextField';
import { withSite } from '~/utils/seo';

/**
 * The partner embed: /embeded/login/{clientId}/{key}?lang=ar|en. A registered partner's page frames
 * it; the member signs in and, with an active subscription, {token, user} is posted to the partner's
 * registered origins only (never '*'). Only those origins may frame the page.
 */
export const handle = { bare: true };

function segments(params: LoaderFunctionArgs['params']) {
  const parts = (params['*'] ?? '').split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw redirect('/404/not-found');
  return { clientId: parts[0], key: parts[1] };
}

const langOf = (request: Request): Lang => (new URL(request.url).searchParams.get('lang') === 'ar' ? 'ar' : 'en');

async function partnerOf(request: Request, clientId: string, key: string, lang: Lang) {
  const res = await api<{ valid: boolean; partner?: { name: string; origins: string[] } }>(request, '/iframe/checker', {
    lang,
    body: { id: clientId, key },
  });
  if (!res.data.valid || !res.data.partner) throw redirect('/404/not-found');
  return res.data.partner;
}

const frameHeaders = (origins: string[]) => ({
  'Content-Security-Policy': `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`,
  'Cache-Control': 'no-store',
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { clientId, key } = segments(params);
  const partner = await partnerOf(request, clientId, key, langOf(request));
  return data({ partner: partner.name }, { headers: frameHeaders(partner.origins) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { clientId, key } = segments(params);
  const lang = langOf(request);
  const partner = await partnerOf(request, clientId, key, lang);
  const nationalId = String(form.get('national_id') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const headers = frameHeaders(partner.origins);
  if (!nationalId || !password) return data({ error: translate(lang, 'embed.fields_empty'), nationalId }, { headers });
  const res = await api<{ token: string; user: PartnerMember }>(request, '/adduser', {
    lang,
    body: { client_id: clientId, key, national_id: nationalId, password, loginType: 'signin' },
  });
  if (!res.ok) return data({ error: res.data.message ?? translate(lang, 'plans.failed'), nationalId }, { headers });
  return data({ signedIn: { token: res.data.token, user: res.data.user, origins: partner.origins } }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has('Content-Security-Policy') ? actionHeaders : loaderHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'embed.title')} · ${translate(lang, 'brand')}` }]);
};

export default function EmbeddedSignin() {
  const { partner } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useT();
  const signedIn = result && 'signedIn' in result ? result.signedIn : null;

  useEffect(() => {
    if (!signedIn) return;
    const target = window.opener ?? (window.parent !== window ? window.parent : null);
    if (!target) return;
    // Delivered only where the opener's origin is one the partner registered; never to '*'.
    for (const origin of signedIn.origins) target.postMessage({ token: signedIn.token, user: signedIn.user }, origin);
  }, [signedIn]);

  return (
    <div className="embed-page">
      <Card className="embed-card">
        <CardBody>
          <h1 className="t-h6 gutter">{t('embed.title')}</h1>
          <p className="t-body2 muted mb-2">{partner}</p>
          {signedIn ? (
            <Alert severity="success" role="status">
              {t('embed.done')}
            </Alert>
          ) : (
            <Form method="post" className="stack gap-2">
              {result && 'error' in result && <Alert severity="error">{result.error}</Alert>}
              <TextField
                id="national_id"
                name="national_id"
                label={t('embed.national_id')}
                defaultValue={result && 'nationalId' in result ? result.nationalId : ''}
                autoComplete="username"
                required
              />
              <PasswordField
                id="password"
                name="password"
                label={t('embed.password')}
                autoComplete="current-password"
                required
              />
              <SubmitButton variant="contained">{t('embed.submit')}</SubmitButton>
            </Form>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

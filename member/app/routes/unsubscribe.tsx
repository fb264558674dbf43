import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { SubmitButton } from '~/components/SubmitButton';
import { translate, useT, type Lang } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { readForm } from '~/utils/form.server';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * The page an announcement's or reminder's unsubscribe link opens (issue 30), in the recipient's
 * language (?lang=): opening it unsubscribes (the API checks the link's signed token, which stays in
 * the query, never in a path) and says what still arrives, with a button to undo. Undoing comes back
 * with `undone=1`, which shows the choice to unsubscribe again instead of unsubscribing. The
 * List-Unsubscribe address opened in a browser comes with `confirm=1` and asks first: that address
 * may be fetched by anti-spam software, which must not unsubscribe anyone (RFC 8058).
 */
/** The recipient's language the link names (?lang=), else the visitor's. */
async function pageLang(request: Request): Promise<Lang> {
  const named = new URL(request.url).searchParams.get('lang');
  return named === 'ar' || named === 'en' ? named : getLang(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const lang = await pageLang(request);
  const token = url.searchParams.get('token') ?? '';
  if (url.searchParams.get('undone') === '1') return { state: 'on' as const, message: null, error: null };
  if (url.searchParams.get('confirm') === '1') return { state: 'ask' as const, message: null, error: null };
  const res = await api<{ message: string }>(request, '/unsubscribe', { method: 'POST', body: { token }, lang });
  if (res.ok) return { state: 'off' as const, message: res.data.message, error: null };
  return data(
    {
      state: null,
      message: null,
      error:
        res.status >= 500
          ? translate(lang, 'error.unavailable')
          : (res.data.message ?? translate(lang, 'unsubscribe.invalid')),
    },
    { status: res.status >= 500 ? 503 : 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = await pageLang(request);
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const intent = form.get('intent');
  const back = new URL(url);
  back.searchParams.delete('undone');
  back.searchParams.delete('confirm');
  if (intent === 'again') return redirect(`${back.pathname}${back.search}`);
  if (intent !== 'undo') return data({ error: translate(lang, 'error.bad_form') }, { status: 400 });
  const res = await api(request, '/unsubscribe/undo', { method: 'POST', body: { token }, lang });
  if (!res.ok) return data({ error: res.data.message ?? translate(lang, 'unsubscribe.invalid') }, { status: 400 });
  back.searchParams.set('undone', '1');
  return redirect(`${back.pathname}${back.search}`);
}

// The token is in the address: never cached, never indexed, never sent on as a referrer (the meta below).
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [
    { title: `${translate(lang, 'unsubscribe.title')} · ${translate(lang, 'brand')}` },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ]);
};

export default function Unsubscribe() {
  const { state, message, error } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t('unsubscribe.title')}</h1>
          {error ? (
            <Alert severity="warning" role="alert">
              {error}
            </Alert>
          ) : (
            <div className="stack gap-2">
              {state === 'ask' ? (
                <p>{t('unsubscribe.ask')}</p>
              ) : (
                <Alert severity="success" role="status">
                  {state === 'off' ? message : t('unsubscribe.undone')}
                </Alert>
              )}
              <Form method="post">
                <SubmitButton
                  variant={state === 'off' ? 'outlined' : 'contained'}
                  name="intent"
                  value={state === 'off' ? 'undo' : 'again'}
                >
                  {t(state === 'off' ? 'unsubscribe.undo' : 'unsubscribe.again')}
                </SubmitButton>
              </Form>
              <p className="t-body2 muted">
                <Link to="/accounts?tab=settings">{t('unsubscribe.settings')}</Link>
              </p>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

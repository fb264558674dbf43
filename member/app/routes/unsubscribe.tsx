import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
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
 * language (?lang=). Opening it changes nothing: it asks, and the button unsubscribes (the API checks
 * the link's signed token, which stays in the query, never in a path). Mail scanners and link
 * previews open every link of an e-mail, so a GET must unsubscribe nobody (the same rule as RFC
 * 8058's List-Unsubscribe, whose address comes here with `confirm=1`). After it, `done=1` says what
 * still arrives, with a button to undo; undoing comes back with `undone=1` and the choice again.
 */
/** The recipient's language the link names (?lang=), else the visitor's. */
async function pageLang(request: Request): Promise<Lang> {
  const named = new URL(request.url).searchParams.get('lang');
  return named === 'ar' || named === 'en' ? named : getLang(request);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('done') === '1') return { state: 'off' as const };
  if (url.searchParams.get('undone') === '1') return { state: 'on' as const };
  return { state: 'ask' as const };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lang = await pageLang(request);
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  const intent = form.get('intent');
  const back = new URL(url);
  for (const name of ['done', 'undone', 'confirm']) back.searchParams.delete(name);
  if (intent !== 'unsubscribe' && intent !== 'undo') {
    return data({ error: translate(lang, 'error.bad_form') }, { status: 400 });
  }
  const res = await api(request, intent === 'undo' ? '/unsubscribe/undo' : '/unsubscribe', {
    method: 'POST',
    body: { token },
    lang,
  });
  if (!res.ok) {
    const error =
      res.status >= 500
        ? translate(lang, 'error.unavailable')
        : (res.data.message ?? translate(lang, 'unsubscribe.invalid'));
    return data({ error }, { status: res.status >= 500 ? 503 : 400 });
  }
  back.searchParams.set(intent === 'undo' ? 'undone' : 'done', '1');
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
  const { state } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  const { t } = useT();
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t('unsubscribe.title')}</h1>
          <div className="stack gap-2">
            {error ? (
              <Alert severity="warning" role="alert">
                {error}
              </Alert>
            ) : state === 'ask' ? (
              <p>{t('unsubscribe.ask')}</p>
            ) : (
              <Alert severity="success" role="status">
                {t(state === 'off' ? 'unsubscribe.done' : 'unsubscribe.undone')}
              </Alert>
            )}
            {!error && (
              <Form method="post">
                <SubmitButton
                  variant={state === 'off' ? 'outlined' : 'contained'}
                  name="intent"
                  value={state === 'off' ? 'undo' : 'unsubscribe'}
                >
                  {t(state === 'off' ? 'unsubscribe.undo' : 'unsubscribe.again')}
                </SubmitButton>
              </Form>
            )}
            <p className="t-body2 muted">
              <Link to="/accounts?tab=settings">{t('unsubscribe.settings')}</Link>
            </p>
          </div>
        </CardBody>
      </Card>
    </div>
  );
}

import { formatMoney, type PlanView } from '@platform/contract';
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { formatDay, localized } from '~/utils/posts';
import { SubmitButton } from '~/ui/SubmitButton';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { Isolated } from '~/components/Isolated';
import { withSite } from '~/utils/seo';

/**
 * The activation plans of the member's type (coach, or entity for type 2), and one plan's page.
 * Only coaches and entities are offered a plan; students always have full access.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token, lang } = await requireUser(request, ['student', 'coach', 'entity', 'admin', 'sub_admin']);
  if (user.type !== 1 && user.type !== 2) return { offered: false as const, plans: [], selected: null, active: false };
  const res = await api<{ plan: PlanView[] }>(request, `/plans?type=${user.type === 2 ? 'entity' : 'coach'}`, {
    token,
    lang,
  });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const selected = params.id ? res.data.plan.find((p) => p._id === params.id) : null;
  if (params.id && !selected) throw new Response('Not Found', { status: 404 });
  return {
    offered: true as const,
    plans: res.data.plan,
    selected: selected ?? null,
    active: user.subscriptionValid,
    endDate: user.end_date,
  };
}

/**
 * Subscribe: the API creates the order (priced from the plan) and the provider's page; the pending
 * record is kept (spec §4 "Payment"), then the browser goes to the provider.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token, lang } = await requireUser(request, ['coach', 'entity']);
  const res = await api<{ response: { order: { ref: string; url: string } }; order: { _id: string } }>(
    request,
    '/subcripe/',
    { token, lang, body: { plan_id: params.id } },
  );
  if (!res.ok) return { error: res.data.message ?? translate(lang, 'plans.failed') };
  const { ref, url } = res.data.response.order;
  await api(request, '/seasons/', {
    token,
    lang,
    body: { type: 'telr', order_id: res.data.order._id, ref, data: { plan_id: params.id } },
  });
  return redirect(url);
}

// Never kept: the back button after paying asks again and shows the plan as it now stands (Renew, not Subscribe).
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'plans.title')} · ${translate(lang, 'brand')}` }]);
};

const money = (amount: string, lang: Lang) => formatMoney(amount, 'SAR', lang);

/** The spec's price display: the original price crossed out, the price in SAR, per duration. */
function Price({ plan }: { plan: PlanView }) {
  const { t, lang } = useT();
  const discounted = Number(plan.orignal_pirce) > Number(plan.price);
  return (
    <div>
      {discounted && <s className="muted price-was">{money(plan.orignal_pirce, lang)}</s>}
      <span className="t-h4 t-bold">{money(plan.price, lang)}</span>
      <span className="muted">
        {' / '}
        {plan.duration > 1 ? `${plan.duration} ` : ''}
        {t(`plans.per.${plan.duration_type}`)}
      </span>
      {plan.duration_type === 'year' && <p className="t-caption muted">{t('plans.billed_annually')}</p>}
    </div>
  );
}

export default function Packages() {
  const { offered, plans, selected, active, endDate } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, lang } = useT();
  return (
    <div className="container container-md page">
      <h1 className="t-h4 gutter">{t('plans.title')}</h1>
      {!offered && <Alert severity="info">{t('plans.not_offered')}</Alert>}
      {offered && active && (
        <Alert severity="success" className="mb-2">
          {endDate ? (
            <Isolated k="plans.current" values={{ date: formatDay(endDate, lang) }} ltr={['date']} />
          ) : (
            t('plans.active')
          )}
        </Alert>
      )}
      {offered && plans.length === 0 && <Alert severity="info">{t('plans.none')}</Alert>}
      {selected && (
        <Link to="/subcription/package" className="back-link mb-2">
          {t('plans.back')}
        </Link>
      )}
      {selected ? (
        <Card>
          <CardBody>
            <h2 className="t-h5 gutter">{localized(lang, selected.name, selected.name_en)}</h2>
            <Price plan={selected} />
            <p className="my-2 t-pre-line">{localized(lang, selected.description, selected.description_en)}</p>
            {result?.error && (
              <Alert severity="error" className="mb-2">
                {result.error}
              </Alert>
            )}
            <Form method="post">
              <SubmitButton variant="contained" size="large">
                {active ? t('plans.renew') : t('plans.subscribe')}
              </SubmitButton>
            </Form>
            <p className="t-body2 muted mt-1">{t('plans.redirect_note')}</p>
          </CardBody>
        </Card>
      ) : (
        <div className="grid sm-2">
          {plans.map((p) => (
            <Card key={p._id} fill>
              <Link to={`/subcription/package/${p._id}`} className="card-link">
                <div className="card-body">
                  <div className="row row-between mb-1">
                    <h2 className="t-h6">{localized(lang, p.name, p.name_en)}</h2>
                    {Number(p.orignal_pirce) > Number(p.price) && (
                      <Chip size="small" color="secondary" label={t('plans.offer')} />
                    )}
                  </div>
                  <Price plan={p} />
                </div>
              </Link>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

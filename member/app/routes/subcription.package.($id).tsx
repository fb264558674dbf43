import { formatMoney } from '@platform/contract';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Grid,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
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
import { SubmitButton } from '~/components/SubmitButton';
import { Isolated } from '~/components/Isolated';

interface Plan {
  _id: string;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  orignal_pirce: string;
  price: string;
  currency: string;
  duration: number;
  duration_type: 'day' | 'month' | 'year';
}

/**
 * The activation plans of the member's type (coach, or entity for type 2), and one plan's page.
 * Only coaches and entities are offered a plan; students always have full access.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token, lang } = await requireUser(request, ['student', 'coach', 'entity', 'admin', 'sub_admin']);
  if (user.type !== 1 && user.type !== 2) return { offered: false as const, plans: [], selected: null, active: false };
  const res = await api<{ plan: Plan[] }>(request, `/plans?type=${user.type === 2 ? 'entity' : 'coach'}`, {
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
  return [{ title: `${translate(lang, 'plans.title')} · ${translate(lang, 'brand')}` }];
};

const money = (amount: string, lang: Lang) => formatMoney(amount, 'SAR', lang);

/** The spec's price display: the original price crossed out, the price in SAR, per duration. */
function Price({ plan }: { plan: Plan }) {
  const { t, lang } = useT();
  const discounted = Number(plan.orignal_pirce) > Number(plan.price);
  return (
    <Box>
      {discounted && (
        <Typography component="s" color="text.secondary" sx={{ mr: 1 }}>
          {money(plan.orignal_pirce, lang)}
        </Typography>
      )}
      <Typography component="span" variant="h4" sx={{ fontWeight: 700 }}>
        {money(plan.price, lang)}
      </Typography>
      <Typography component="span" color="text.secondary">
        {' / '}
        {plan.duration > 1 ? `${plan.duration} ` : ''}
        {t(`plans.per.${plan.duration_type}`)}
      </Typography>
      {plan.duration_type === 'year' && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t('plans.billed_annually')}
        </Typography>
      )}
    </Box>
  );
}

export default function Packages() {
  const { offered, plans, selected, active, endDate } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, lang } = useT();
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('plans.title')}
      </Typography>
      {!offered && <Alert severity="info">{t('plans.not_offered')}</Alert>}
      {offered && active && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {endDate ? (
            <Isolated k="plans.current" values={{ date: formatDay(endDate, lang) }} ltr={['date']} />
          ) : (
            t('plans.active')
          )}
        </Alert>
      )}
      {offered && plans.length === 0 && <Alert severity="info">{t('plans.none')}</Alert>}
      {selected && (
        <MuiLink component={Link} to="/subcription/package" sx={{ display: 'inline-block', mb: 2 }}>
          {t('plans.back')}
        </MuiLink>
      )}
      {selected ? (
        <Card>
          <CardContent>
            <Typography variant="h5" component="h2" gutterBottom>
              {localized(lang, selected.name, selected.name_en)}
            </Typography>
            <Price plan={selected} />
            <Typography sx={{ my: 2, whiteSpace: 'pre-line' }}>
              {localized(lang, selected.description, selected.description_en)}
            </Typography>
            {result?.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {result.error}
              </Alert>
            )}
            <Form method="post">
              <SubmitButton variant="contained" size="large">
                {active ? t('plans.renew') : t('plans.subscribe')}
              </SubmitButton>
            </Form>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('plans.redirect_note')}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={2}>
          {plans.map((p) => (
            <Grid key={p._id} size={{ xs: 12, sm: 6 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={Link} to={`/subcription/package/${p._id}`} sx={{ height: '100%' }}>
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
                      <Typography variant="h6" component="h2">
                        {localized(lang, p.name, p.name_en)}
                      </Typography>
                      {Number(p.orignal_pirce) > Number(p.price) && (
                        <Chip size="small" color="secondary" label={t('plans.offer')} />
                      )}
                    </Stack>
                    <Price plan={p} />
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}

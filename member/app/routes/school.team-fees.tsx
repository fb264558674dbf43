import { formatMoney, type SchoolFeeTeam } from '@platform/contract';
import { useState } from 'react';
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { Checkbox } from '~/ui/Checkbox';
import { SubmitButton } from '~/ui/SubmitButton';
import { plural, translate, useT, type Lang } from '~/i18n';
import { api } from '~/utils/api.server';
import { readForm } from '~/utils/form.server';
import { requireUser } from '~/utils/auth.server';
import { withSite } from '~/utils/seo';

/**
 * A school pays several of its teams' fees in one order (issue 34): the teams it represents whose
 * fee is due, chosen with check boxes, one payment for all of them. The API checks every team (the
 * school's own, a fee due, registration open) and answers with the payment page; its message is
 * shown otherwise. With its VAT number and address on the account page, the invoice is a standard
 * tax invoice in the school's name, cleared by ZATCA.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token, lang } = await requireUser(request, ['entity']);
  const res = await api<{ teams: SchoolFeeTeam[] }>(request, '/school/team-fees', { token, lang });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  return { teams: res.data.teams, billing: !!(user.tax_id && user.address) };
}

export async function action({ request }: ActionFunctionArgs) {
  // A body that is not a form is refused first (400), whoever sends it.
  const form = await readForm(request);
  const { token, lang } = await requireUser(request, ['entity']);
  const ids = form.getAll('team_id').filter((v): v is string => typeof v === 'string');
  const res = await api<{ response: { order: { ref: string; url: string } }; order: { _id: string } }>(
    request,
    '/school/team-fees/pay',
    { body: { team_ids: ids }, token, lang },
  );
  if (!res.ok) return { error: res.data.message ?? translate(lang, 'schoolFees.failed'), chosen: ids };
  const { ref, url } = res.data.response.order;
  // The pending record the return page reads (as for a plan or one team's fee).
  await api(request, '/seasons/', {
    body: { type: 'telr', order_id: res.data.order._id, ref, data: { team_ids: ids } },
    token,
    lang,
  });
  return redirect(url);
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'schoolFees.title')} · ${translate(lang, 'brand')}` }]);
};

export default function SchoolTeamFees() {
  const { teams, billing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, lang } = useT();
  const [chosen, setChosen] = useState<string[]>(answer?.chosen ?? []);
  const picked = teams.filter((team) => chosen.includes(team._id));
  const cents = picked.reduce((sum, team) => sum + Math.round(Number(team.amount) * 100), 0);
  const currency = picked[0]?.currency ?? teams[0]?.currency ?? 'SAR';
  const toggle = (id: string, on: boolean) =>
    setChosen((now) => (on ? [...new Set([...now, id])] : now.filter((x) => x !== id)));
  return (
    <main className="container stack gap-3 page-pad">
      <h1 className="t-h4">{t('schoolFees.title')}</h1>
      <p>{t('schoolFees.intro')}</p>
      {!billing && (
        <Alert severity="info">
          {t('schoolFees.billing_hint')} <Link to="/accounts?tab=profile">{t('schoolFees.billing_link')}</Link>
        </Alert>
      )}
      {answer?.error && <Alert severity="error">{answer.error}</Alert>}
      {teams.length === 0 ? (
        <p>{t('schoolFees.none')}</p>
      ) : (
        <Form method="post" className="stack gap-2">
          <fieldset className="stack gap-1">
            <legend className="t-h6">{t('schoolFees.choose')}</legend>
            {teams.map((team) => (
              <Card key={team._id}>
                <CardBody>
                  <Checkbox
                    name="team_id"
                    value={team._id}
                    checked={chosen.includes(team._id)}
                    onChange={(e) => toggle(team._id, e.currentTarget.checked)}
                    label={
                      <span>
                        <bdi>{team.team_no}</bdi> · {lang === 'ar' ? team.competition.name : team.competition.name_en} ·{' '}
                        <bdi className="nowrap">{formatMoney(team.amount, team.currency, lang)}</bdi>
                      </span>
                    }
                    helperText={lang === 'ar' ? team.season.name : team.season.name_en}
                  />
                </CardBody>
              </Card>
            ))}
          </fieldset>
          <p className="t-h6" aria-live="polite">
            {plural(lang, 'schoolFees.total', picked.length, {
              total: formatMoney((cents / 100).toFixed(2), currency, lang),
            })}
          </p>
          <SubmitButton variant="contained" disabled={picked.length === 0}>
            {t('schoolFees.pay')}
          </SubmitButton>
        </Form>
      )}
    </main>
  );
}

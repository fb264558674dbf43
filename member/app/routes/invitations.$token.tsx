import type { GuardianInvitationView } from '@platform/contract';
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Isolated } from '~/components/Isolated';
import { SubmitButton } from '~/components/SubmitButton';
import { translate, useT, type Lang } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { readForm } from '~/utils/form.server';
import { formatDay, localized } from '~/utils/posts';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * A minor's team invitation opened by the guardian from the WhatsApp link (issue 20): no sign-in,
 * the link's single-use token is the key. It shows the student, the team, its coach and the
 * competition with Accept and Decline; a wrong, used or expired link shows the API's message.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const res = await api<{ invitation: GuardianInvitationView }>(
    request,
    `/team-invitations/guardian/${encodeURIComponent(params.token ?? '')}`,
    { lang },
  );
  if (res.ok) return { invitation: res.data.invitation, error: null };
  const message = res.status >= 500 ? translate(lang, 'register.failed') : res.data.message;
  return data(
    { invitation: null, error: message ?? translate(lang, 'register.failed') },
    { status: res.status >= 500 ? 503 : res.status },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  // A body that is not a form is refused first (400).
  const form = await readForm(request);
  const lang = await getLang(request);
  const intent = form.get('intent');
  if (intent !== 'accept' && intent !== 'decline')
    return data({ done: null, error: translate(lang, 'error.bad_form') }, { status: 400 });
  const res = await api<{ message: string }>(
    request,
    `/team-invitations/guardian/${encodeURIComponent(params.token ?? '')}/${intent}`,
    { method: 'POST', lang },
  );
  if (res.ok) return { done: res.data.message, error: null };
  return data(
    { done: null, error: res.data.message ?? translate(lang, 'register.failed') },
    { status: res.status >= 500 ? 503 : res.status },
  );
}

// The token is in the address: never cached, never indexed, never sent on as a referrer (the meta below).
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [
    { title: `${translate(lang, 'guardian.title')} · ${translate(lang, 'brand')}` },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ]);
};

/** Arabic speaks of the student as him or her («نيابةً عنه / عنها»); without a gender, by name. */
const GENDERED = { Male: '_male', Female: '_female', none: '' } as const;

export default function GuardianInvitation() {
  const { invitation, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, lang } = useT();
  const list = (names: { name: string }[]) => names.map((c) => c.name).join(lang === 'ar' ? '، ' : ', ');
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t('guardian.title')}</h1>
          {result?.done ? (
            <Alert severity="success" role="status">
              {result.done}
            </Alert>
          ) : !invitation ? (
            <Alert severity="warning" role="alert">
              {error}
            </Alert>
          ) : (
            <div className="stack gap-2">
              <p>
                <Isolated
                  k={`guardian.${invitation.child_accepted ? 'child_accepted' : 'intro'}${GENDERED[invitation.student.gender ?? 'none']}`}
                  values={{ student: invitation.student.name, coaches: list(invitation.team.coaches) }}
                />
              </p>
              <Card as="section" variant="outlined" aria-labelledby="guardian-team">
                <CardBody>
                  <h2 className="t-h6" id="guardian-team">
                    <bdi>{invitation.team.name}</bdi>
                  </h2>
                  <p className="t-body2 muted">
                    <bdi dir="ltr">{invitation.team.team_no}</bdi>
                  </p>
                  <p className="t-body2 mt-1">
                    {t('guardian.competition')}:{' '}
                    {localized(lang, invitation.team.competion.name, invitation.team.competion.name_en)} ·{' '}
                    {localized(lang, invitation.team.season.name, invitation.team.season.name_en)}
                  </p>
                  <p className="t-body2">
                    {t('teams.coaches')}: <bdi>{list(invitation.team.coaches)}</bdi>
                  </p>
                </CardBody>
              </Card>
              {result?.error && (
                <Alert severity="error" role="alert">
                  {result.error}
                </Alert>
              )}
              <Form method="post" className="row">
                <SubmitButton variant="contained" size="large" name="intent" value="accept">
                  {t('invitations.accept')}
                </SubmitButton>
                <SubmitButton variant="outlined" size="large" color="inherit" name="intent" value="decline">
                  {t('invitations.decline')}
                </SubmitButton>
              </Form>
              <p className="t-body2 muted">
                <Isolated k="guardian.expires" values={{ date: formatDay(invitation.expires_at, lang) }} />
              </p>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

import type { CertificateVerification } from '@platform/contract';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { translate, useT, type Lang } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Card, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { formatDay } from '~/utils/posts';
import { getLang } from '~/utils/session.server';
import { withSite } from '~/utils/seo';

/**
 * The public verification page a certificate's QR code opens (issue 33): no sign-in; says valid or
 * revoked and shows what the API's verification answers (holder, certificate, competition, season,
 * issue date, issuer), nothing else about the holder and never the PDF.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const code = (params.code ?? '').slice(0, 40);
  const res = await api<CertificateVerification & { message?: string }>(
    request,
    `/certificates/verify/${encodeURIComponent(code)}`,
    { lang },
  );
  if (res.ok) return { lang, certificate: res.data, error: null };
  return data(
    {
      lang,
      certificate: null,
      error: res.status >= 500 ? translate(lang, 'error.unavailable') : translate(lang, 'certificate.not_found'),
    },
    { status: res.status >= 500 ? 503 : 404 },
  );
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: Lang } | undefined)?.lang ?? 'en';
  return withSite(matches, [
    { title: `${translate(lang, 'certificate.title')} · ${translate(lang, 'brand')}` },
    { name: 'robots', content: 'noindex' },
  ]);
};

export default function VerifyCertificate() {
  const { certificate: c, error } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  const ar = lang === 'ar';
  const pair = (p: { name: string; name_en: string } | null) => (p ? (ar ? p.name : p.name_en || p.name) : '—');
  return (
    <div className="container container-sm page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t('certificate.title')}</h1>
          {!c ? (
            <Alert severity="warning" role="alert">
              {error}
            </Alert>
          ) : (
            <div className="stack gap-2">
              <Alert severity={c.valid ? 'success' : 'error'} role="status" data-testid="certificate-state">
                <strong>{t(c.valid ? 'certificate.valid' : 'certificate.revoked')}</strong>
                {c.revoked && c.revoked_reason
                  ? ` — ${t('certificate.revoked_reason', { reason: c.revoked_reason })}`
                  : ''}
              </Alert>
              <dl className="receipt">
                <dt>{t('certificate.holder')}</dt>
                <dd data-testid="certificate-holder">{c.holder}</dd>
                <dt>{t('certificate.certificate')}</dt>
                <dd>{ar ? c.title : c.title_en || c.title}</dd>
                <dt>{t('certificate.competition')}</dt>
                <dd>{pair(c.competition)}</dd>
                <dt>{t('certificate.season')}</dt>
                <dd>{pair(c.season)}</dd>
                <dt>{t('certificate.issued_on')}</dt>
                <dd>{formatDay(c.issued_on, lang)}</dd>
                <dt>{t('certificate.issuer')}</dt>
                <dd>{pair(c.issuer)}</dd>
                <dt>{t('certificate.code')}</dt>
                <dd dir="ltr">{`${c.code.slice(0, 5)}-${c.code.slice(5)}`}</dd>
              </dl>
              <p className="t-body2">
                <a href={`/verify/${c.code}/credential`} download>
                  {t('certificate.credential')}
                </a>
              </p>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}

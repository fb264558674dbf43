import { useSearchParams } from '@remix-run/react';
import { NotFound } from '~/components/NotFound';
import { useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';

const PAYMENT = ['declined', 'cancelled', 'expired', 'failed'] as const;

/** The not-found page; after a payment that did not go through (?payment=…), it says why and offers the plans. */
export default function NotFoundPage() {
  const [params] = useSearchParams();
  const { t } = useT();
  const reason = PAYMENT.find((p) => p === params.get('payment'));
  if (!reason) return <NotFound />;
  return (
    <div className="container container-sm page-tall t-center">
      <h1 className="t-h5 gutter">{t(reason === 'failed' ? 'payment.declined' : `payment.${reason}`)}</h1>
      <ButtonLink to="/subcription/package" variant="contained" className="mt-3">
        {t('payment.try_again')}
      </ButtonLink>
    </div>
  );
}

import { useT } from '~/i18n';
import { Card, CardBody } from '~/ui/Card';
import { RichText } from './RichText';

export interface Policy {
  html: string;
  updatedAt: string | null;
}

type Which = 'privacy' | 'terms';

export function PolicyPage({ which, policy }: { which: Which; policy: Policy }) {
  const { t } = useT();
  return (
    <div className="container container-md page">
      <Card>
        <CardBody>
          <h1 className="t-h4 gutter">{t(which === 'privacy' ? 'footer.privacy' : 'footer.terms')}</h1>
          {policy.html ? <RichText html={policy.html} /> : <p className="muted">{t('policy.empty')}</p>}
        </CardBody>
      </Card>
    </div>
  );
}

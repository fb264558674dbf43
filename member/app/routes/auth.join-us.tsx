import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';
import { Card, CardActions } from '~/ui/Card';
import { Chip } from '~/ui/Chip';
import { cx } from '~/ui/cx';

export async function loader(_: LoaderFunctionArgs) {
  return null;
}

function RoleCard({
  to,
  signIn,
  title,
  text,
  disabledLabel,
  selected = false,
}: {
  /** Where the card leads (a role's sign-up, or the individual roles). */
  to?: string;
  /** The role's sign-in, as a link under the card. */
  signIn?: string;
  title: string;
  text: string;
  disabledLabel?: string;
  selected?: boolean;
}) {
  const { t } = useT();
  const content = (
    <div className="card-body role-card-body">
      <h2 className="t-h6 gutter">
        {title} {disabledLabel && <Chip size="small" label={disabledLabel} className="role-card-chip" />}
      </h2>
      <p className="muted">{text}</p>
    </div>
  );
  return (
    <Card
      variant="outlined"
      fill
      className={cx('card-flex', !to && 'role-card-off', selected && 'role-card-selected')}
      aria-disabled={!to}
    >
      {to ? (
        <Link to={to} preventScrollReset aria-current={selected ? 'true' : undefined} className="card-link grow">
          {content}
        </Link>
      ) : (
        content
      )}
      {signIn && (
        <CardActions className="role-card-actions">
          <span className="t-body2 muted grow">{t('signup.have_account')}</span>
          <ButtonLink to={signIn} size="small" aria-label={`${t('join.sign_in')}: ${title}`}>
            {t('join.sign_in')}
          </ButtonLink>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * The role chooser. Individual reveals the individual roles through the URL, so it works without
 * JavaScript. Each role's card leads to its sign-up, with its sign-in beside; members who already
 * have an account pick their role's sign-in at the bottom.
 */
export default function JoinUs() {
  const { t, m } = useT();
  const [params] = useSearchParams();
  const individual = params.get('kind') === 'individual';
  return (
    <div className="container container-md page">
      <h1 className="t-h4 gutter">{t('join.title')}</h1>
      <p className="muted mb-3">{t('join.subtitle')}</p>
      <div className="grid sm-2">
        <RoleCard
          to="/auth/join-us?kind=individual"
          selected={individual}
          title={t('join.individual')}
          text={t('join.individual_desc')}
        />
        <RoleCard to="/entity/signup/" signIn="/entity/signin/" title={t('join.entity')} text={t('join.entity_desc')} />
      </div>
      {individual && (
        <section className="grid sm-3 mt-2" aria-label={t('join.individual')}>
          <RoleCard
            to="/student/signup/"
            signIn="/student/signin/"
            title={t('join.student')}
            text={t('join.student_desc')}
          />
          <RoleCard to="/coach/signup/" signIn="/coach/signin/" title={t('join.coach')} text={t('join.coach_desc')} />
          <RoleCard
            title={t('join.researcher')}
            text={t('join.researcher_desc')}
            disabledLabel={t('join.coming_soon')}
          />
        </section>
      )}
      <details className="join-how mt-4">
        <summary>{t('join.how_to')}</summary>
        <ol>
          {m.join.how_steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      <section aria-labelledby="join-sign-in" className="mt-3">
        <p id="join-sign-in" className="mb-1">
          {t('join.have_account')}
        </p>
        <div className="row wrap">
          <ButtonLink variant="outlined" to="/student/signin/">
            {t('join.student')}
          </ButtonLink>
          <ButtonLink variant="outlined" to="/coach/signin/">
            {t('join.coach')}
          </ButtonLink>
          <ButtonLink variant="outlined" to="/entity/signin/">
            {t('join.entity')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

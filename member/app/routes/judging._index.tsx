import type { EventDayView, EventRole } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';
import { Card, CardActions, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { requireUser } from '~/utils/auth.server';
import { formatDay, localized } from '~/utils/posts';
import { venueOf } from '~/utils/results';
import { withSite } from '~/utils/seo';

/** The event days a signed-in judge or referee is assigned to (the API answers only theirs). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, lang } = await requireUser(request);
  const res = await api<{ events: (EventDayView & { role: EventRole })[] }>(request, '/judging/events', {
    token,
    lang,
  });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  return { events: res.data.events };
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return withSite(matches, [{ title: `${translate(lang, 'judging.title')} · ${translate(lang, 'brand')}` }]);
};

export default function MyEventDays() {
  const { events } = useLoaderData<typeof loader>();
  const { t, lang } = useT();
  return (
    <div className="container container-md page">
      <h1 className="t-h4 mb-2">{t('judging.title')}</h1>
      {events.length === 0 ? (
        <p className="muted">{t('judging.none')}</p>
      ) : (
        <div className="stack gap-2">
          {events.map((e) => (
            <Card as="article" key={e.id}>
              <CardBody>
                <h2 className="t-h6 gutter">{localized(lang, e.competition, e.competition_en)}</h2>
                <p className="t-body2">
                  <time dateTime={e.event_date}>{formatDay(e.event_date, lang)}</time> · <bdi>{venueOf(e, lang)}</bdi>
                </p>
                <p className="t-body2 muted">{t('judging.role', { role: t(`judging.roles.${e.role}`) })}</p>
              </CardBody>
              <CardActions>
                <ButtonLink to={`/judging/${e.id}`} variant="contained">
                  {t('judging.open')}
                </ButtonLink>
              </CardActions>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

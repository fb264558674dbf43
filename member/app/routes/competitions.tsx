import type { EventView } from '@platform/contract';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { translate, useT } from '~/i18n';
import { ButtonLink } from '~/ui/Button';
import { Card, CardActions, CardBody } from '~/ui/Card';
import { api } from '~/utils/api.server';
import { formatDay, localized } from '~/utils/posts';
import { getLang } from '~/utils/session.server';

/** The competitions (events) staff switched on: those to come, soonest first, then the past ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  const lang = await getLang(request);
  const res = await api<{ upcoming: EventView[]; past: EventView[] }>(request, '/events', { lang });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  return { upcoming: res.data.upcoming, past: res.data.past };
}

export const meta: MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.data as { lang?: 'en' | 'ar' } | undefined)?.lang ?? 'en';
  return [{ title: `${translate(lang, 'competitions.title')} · ${translate(lang, 'brand')}` }];
};

function CompetitionCard({ event, open }: { event: EventView; open: boolean }) {
  const { t, lang } = useT();
  const name = localized(lang, event.name, event.name_en);
  const description = localized(lang, event.description, event.description_en);
  return (
    <Card as="article" fill className="card-flex">
      <CardBody className="grow">
        <h3 className="t-h6 gutter">{name}</h3>
        {event.event_date && (
          <p className="t-body2 muted gutter">
            <time dateTime={event.event_date}>{formatDay(event.event_date, lang)}</time>
          </p>
        )}
        {description && <p className="t-body2 t-pre-line">{description}</p>}
      </CardBody>
      {open && event.link && (
        <CardActions>
          <ButtonLink href={event.link} variant="contained" aria-label={t('competitions.apply_to', { name })}>
            {t('competitions.apply')}
          </ButtonLink>
        </CardActions>
      )}
    </Card>
  );
}

export default function Competitions() {
  const { upcoming, past } = useLoaderData<typeof loader>();
  const { t } = useT();
  const section = (title: string, empty: string, list: EventView[], open: boolean) => (
    <section>
      <h2 className="t-h5 mt-4 mb-2">{title}</h2>
      {list.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className="grid sm-2 md-3">
          {list.map((event) => (
            <CompetitionCard key={event._id} event={event} open={open} />
          ))}
        </div>
      )}
    </section>
  );
  return (
    <div className="container container-lg page">
      <h1 className="t-h4">{t('competitions.title')}</h1>
      {section(t('competitions.upcoming'), t('competitions.none_upcoming'), upcoming, true)}
      {section(t('competitions.past'), t('competitions.none_past'), past, false)}
    </div>
  );
}

import type { Lang } from '~/i18n';
import { api } from './api.server';

export interface Region {
  _id: string;
  code: string;
  en_name: string;
  ar_name: string;
}

/** The default nationality, listed first. */
const HOME_COUNTRY = 'SA';

/** How long the lists are kept: they ship with the API's code (regions are seeded), so they barely change. */
const KEEP_MS = 10 * 60_000;
const kept = new Map<Lang, { at: number; lists: Promise<ReferenceLists> }>();

type ReferenceLists = Awaited<ReturnType<typeof fetchReference>>;

/**
 * Regions, nationalities and cities, from the API (which ships them with the code). Fetched together,
 * then kept for KEEP_MS per language (one fetch however many pages ask at once; a failed fetch is not kept).
 * Names are in the page's language; nationalities are sorted in it, Saudi Arabia first; each city
 * carries its region (the sign-up page lists a region's cities) and keeps its stored (English) name as id.
 */
export function signupReference(request: Request, lang: Lang): Promise<ReferenceLists> {
  const hit = kept.get(lang);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.lists;
  const lists = fetchReference(request, lang);
  kept.set(lang, { at: Date.now(), lists });
  lists.then(
    (l) => l.complete || kept.delete(lang),
    () => kept.delete(lang),
  );
  return lists;
}

async function fetchReference(request: Request, lang: Lang) {
  const [regions, countries, cities] = await Promise.all([
    api<{ regions: Region[] }>(request, '/regions', { lang }),
    api<{ data: { iso2: string; country: string }[] }>(request, `/countries?lang=${lang}`, { lang }),
    api<{ data: { name: string; ar_name: string; region: string }[] }>(request, '/cities', { lang }),
  ]);
  const collator = new Intl.Collator(lang);
  const nationalities = (countries.data.data ?? [])
    .map((c) => ({ id: c.iso2, name: c.country }))
    .sort((a, b) => Number(b.id === HOME_COUNTRY) - Number(a.id === HOME_COUNTRY) || collator.compare(a.name, b.name));
  return {
    complete: regions.ok && countries.ok && cities.ok,
    regions: (regions.data.regions ?? []).map((r) => ({ id: r._id, name: lang === 'ar' ? r.ar_name : r.en_name })),
    countries: nationalities,
    cities: (cities.data.data ?? [])
      .map((c) => ({ id: c.name, name: lang === 'ar' ? c.ar_name : c.name, region: c.region }))
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

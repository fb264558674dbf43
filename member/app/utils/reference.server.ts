import type { CourseView, RegionView } from '@platform/contract';
import type { Lang } from '~/i18n';
import { api } from './api.server';

/** A region as the API lists it. */
export type Region = RegionView;

/** The default nationality, listed first. */
const HOME_COUNTRY = 'SA';

/** How long the lists are kept: they ship with the API's code (regions are seeded), so they barely change. */
const KEEP_MS = 10 * 60_000;
/** The learning provider's courses: the API keeps them five minutes; a new course shows here within one more. */
const COURSES_KEEP_MS = 60_000;

interface Kept<T> {
  at: number;
  value: Promise<T>;
}

/**
 * What `fetch` gives, kept for `ms` under `key`: one fetch however many pages ask at once; an answer
 * that is not `complete` (or a failure) is not kept, so the next page asks again.
 */
function keep<K, T>(kept: Map<K, Kept<T>>, key: K, ms: number, fetch: () => Promise<T>, complete: (v: T) => boolean) {
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < ms) return hit.value;
  const value = fetch();
  kept.set(key, { at: Date.now(), value });
  value.then(
    (v) => complete(v) || kept.delete(key),
    () => kept.delete(key),
  );
  return value;
}

type ReferenceLists = Awaited<ReturnType<typeof fetchReference>>;
const keptLists = new Map<Lang, Kept<ReferenceLists>>();

/**
 * Regions, nationalities and cities, from the API (which ships them with the code). Fetched together,
 * then kept for KEEP_MS per language.
 * Names are in the page's language; nationalities are sorted in it, Saudi Arabia first; each city
 * carries its region (the sign-up page lists a region's cities) and keeps its stored (English) name as id.
 */
export function signupReference(request: Request, lang: Lang): Promise<ReferenceLists> {
  return keep(
    keptLists,
    lang,
    KEEP_MS,
    () => fetchReference(request, lang),
    (l) => l.complete,
  );
}

const keptCourses = new Map<Lang, Kept<CourseView[] | null>>();

/** The learning provider's published courses in a language (the home page's list); null when the API failed. */
export function courses(request: Request, lang: Lang): Promise<CourseView[] | null> {
  return keep(
    keptCourses,
    lang,
    COURSES_KEEP_MS,
    async () => {
      const res = await api<{ courses: CourseView[] }>(request, `/courses?lang=${lang}`, { lang });
      return res.ok ? res.data.courses : null;
    },
    (list) => list !== null,
  );
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

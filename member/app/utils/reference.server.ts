import type { Lang } from '~/i18n';
import { api } from './api.server';

export interface Region {
  _id: string;
  code: string;
  en_name: string;
  ar_name: string;
}

/** Regions, nationalities and cities, from the API (which ships them with the code). Fetched together. */
export async function signupReference(request: Request, lang: Lang) {
  const [regions, countries, cities] = await Promise.all([
    api<{ regions: Region[] }>(request, '/regions', { lang }),
    api<{ data: { iso2: string; country: string }[] }>(request, `/countries?lang=${lang}`, { lang }),
    api<{ cities: string[] }>(request, '/cities', { lang }),
  ]);
  return {
    regions: (regions.data.regions ?? []).map((r) => ({ id: r._id, name: lang === 'ar' ? r.ar_name : r.en_name })),
    countries: (countries.data.data ?? []).map((c) => ({ id: c.iso2, name: c.country })),
    cities: cities.data.cities ?? [],
  };
}

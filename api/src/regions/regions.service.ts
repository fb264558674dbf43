import { Inject, Injectable } from '@nestjs/common';
import { asc } from 'drizzle-orm';
import type { RegionView } from '@platform/contract';
import countries from 'i18n-iso-countries';
import { isUuid } from '../common/ids';
import type { Lang } from '../common/i18n';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { regions } from '../db/schema';
import { SAUDI_CITIES } from './saudi-cities';

/* eslint-disable @typescript-eslint/no-require-imports */
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ar.json'));
/* eslint-enable @typescript-eslint/no-require-imports */

/** Reference data that ships with the code: regions, countries with Arabic names, cities. No third-party call. */
@Injectable()
export class RegionsService {
  constructor(@Inject(DB) private readonly db: Db) {}

  async list() {
    const rows = await this.db.select().from(regions).orderBy(asc(regions.code));
    return {
      success: true,
      regions: rows.map((r): RegionView => ({ _id: r.id, code: r.code, en_name: r.enName, ar_name: r.arName })),
    };
  }

  /** Nationalities: ISO alpha-2 codes with names in `locale`, sorted by name. */
  countries(locale: Lang) {
    const names = countries.getNames(locale, { select: 'official' });
    const data = Object.entries(names)
      .map(([iso2, country]) => ({ iso2, country }))
      .sort((a, b) => a.country.localeCompare(b.country, locale));
    return { success: true, data };
  }

  /** Saudi cities, optionally of one region (by region id). */
  async cities(regionId?: string) {
    const rows = await this.db.select().from(regions).orderBy(asc(regions.code));
    const chosen = isUuid(regionId) ? rows.filter((r) => r.id === regionId) : rows;
    const data = chosen.flatMap((r) =>
      (SAUDI_CITIES[r.code] ?? []).map(([name, arName]) => ({ name, ar_name: arName, region: r.id })),
    );
    return { success: true, cities: data.map((c) => c.name).sort(), data };
  }
}

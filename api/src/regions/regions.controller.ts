import { Controller, Get, Headers, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { asc, eq } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import { City } from 'country-state-city';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { regions } from '../db/schema';
import { Public } from '../auth/roles';
import { langOf } from '../common/messages';
import { isUuid } from '../common/ids';

/* eslint-disable @typescript-eslint/no-require-imports */
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ar.json'));
/* eslint-enable @typescript-eslint/no-require-imports */

/** Reference data that ships with the code: regions, countries with Arabic names, cities. No third-party call. */
@ApiTags('reference')
@Controller()
@Public()
export class RegionsController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get('regions')
  async list() {
    const rows = await this.db.select().from(regions).orderBy(asc(regions.code));
    return {
      success: true,
      regions: rows.map((r) => ({ _id: r.id, code: r.code, en_name: r.enName, ar_name: r.arName })),
    };
  }

  /** Nationalities: ISO alpha-2 codes with names in the caller's language, sorted by name. */
  @Get('countries')
  countries(@Headers('accept-language') al?: string, @Query('lang') lang?: string) {
    const locale = lang === 'ar' || lang === 'en' ? lang : langOf(al);
    const names = countries.getNames(locale, { select: 'official' });
    const data = Object.entries(names)
      .map(([iso2, country]) => ({ iso2, country }))
      .sort((a, b) => a.country.localeCompare(b.country, locale));
    return { success: true, data };
  }

  /** Cities of Saudi Arabia, optionally of one region (by region id). */
  @Get('cities')
  async cities(@Query('region') regionId?: string) {
    let state: string | undefined;
    if (isUuid(regionId)) {
      const [region] = await this.db.select().from(regions).where(eq(regions.id, regionId)).limit(1);
      state = region?.code.slice(3);
    }
    const names = new Set(
      (City.getCitiesOfCountry('SA') ?? []).filter((c) => !state || c.stateCode === state).map((c) => c.name),
    );
    return { success: true, cities: [...names].sort() };
  }
}

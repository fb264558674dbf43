import { Controller, Get, Headers, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { asc } from 'drizzle-orm';
import countries from 'i18n-iso-countries';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { regions } from '../db/schema';
import { Public } from '../auth/roles';
import { langOf } from '../common/messages';
import { isUuid } from '../common/ids';
import { SAUDI_CITIES } from './saudi-cities';

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

  /**
   * Saudi cities (shipped in saudi-cities.ts), optionally of one region (by region id): `cities`, the
   * English names an account stores, and `data`, each with its Arabic name and its region.
   */
  @Get('cities')
  async cities(@Query('region') regionId?: string) {
    const rows = await this.db.select().from(regions).orderBy(asc(regions.code));
    const chosen = isUuid(regionId) ? rows.filter((r) => r.id === regionId) : rows;
    const data = chosen.flatMap((r) =>
      (SAUDI_CITIES[r.code] ?? []).map(([name, arName]) => ({ name, ar_name: arName, region: r.id })),
    );
    return { success: true, cities: data.map((c) => c.name).sort(), data };
  }
}

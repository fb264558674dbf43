import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { Lang } from '../common/i18n';
import { RegionsService } from './regions.service';
import { Answers, list, object, ok, shape, text } from '../common/answers';

/** The same for everyone and for a long time: the only API answers a browser or a proxy may keep (an hour). */
const REFERENCE_CACHE = 'public, max-age=3600';

/** Reference data that ships with the code: regions, countries with Arabic names, cities. No third-party call. */
@ApiTags('reference')
@Controller()
@Public()
export class RegionsController {
  constructor(private readonly regions: RegionsService) {}

  @Answers(ok({ regions: list(shape('RegionView')) }))
  @Get('regions')
  @ApiOperation({ summary: 'Saudi regions with their names in both languages' })
  @Header('Cache-Control', REFERENCE_CACHE)
  list() {
    return this.regions.list();
  }

  /** Nationalities: ISO alpha-2 codes with names in the caller's language, sorted by name. */
  @Answers(ok({ data: list(object({ iso2: text, country: text })) }))
  @Get('countries')
  @ApiOperation({ summary: 'Nationalities: ISO alpha-2 codes with names in the caller’s language (or ?lang=)' })
  @ApiQuery({ name: 'lang', required: false, enum: ['ar', 'en'] })
  @Header('Cache-Control', REFERENCE_CACHE)
  @Header('Vary', 'Accept-Language')
  countries(@Lang() asked: Lang, @Query('lang') lang?: string) {
    return this.regions.countries(lang === 'ar' || lang === 'en' ? lang : asked);
  }

  /**
   * Saudi cities (shipped in saudi-cities.ts), optionally of one region (by region id): `cities`, the
   * English names an account stores, and `data`, each with its Arabic name and its region.
   */
  @Answers(ok({ cities: list(text), data: list(object({ name: text, ar_name: text, region: text })) }))
  @Get('cities')
  @ApiOperation({ summary: 'Saudi cities, optionally of one region (?region= its id)' })
  @Header('Cache-Control', REFERENCE_CACHE)
  cities(@Query('region') regionId?: string) {
    return this.regions.cities(regionId);
  }
}

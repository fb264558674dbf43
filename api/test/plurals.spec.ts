import { formatMoney, pluralForm } from '@platform/contract';
import { join } from 'node:path';
import * as api from '../src/common/i18n';
import { countedDays, countedMinutes, moneyText } from '../src/outbox/templates';

/**
 * Arabic grammar with numbers (issue 37): every counted string of the three catalogues rendered for
 * 0, 1, 2, 3, 11 and 100. Arabic counts in six forms (Intl.PluralRules 'ar' and Polyglot's 'ar'
 * agree): none, one, two, 3–10 with a plural noun, 11–99 with a singular accusative, 100 with a
 * singular genitive. English counts in two.
 */
const root = join(__dirname, '..', '..');
type Tree = { [key: string]: string | Tree };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (path: string, name: 'en' | 'ar') => (require(join(root, path)) as Record<string, Tree>)[name];

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

const COUNTS = [0, 1, 2, 3, 11, 100];
/** The back-office's Polyglot (through ra-i18n-polyglot), with its own Arabic plural rule. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Polyglot = require('node-polyglot') as new (options: { locale: string; phrases: object }) => {
  t(key: string, options?: Record<string, unknown>): string;
};
const catalogues = [
  { name: 'API messages', en: api.en as unknown as Tree, ar: api.ar as unknown as Tree, count: /\{count\}/ },
  {
    name: 'back-office',
    en: load('admin/src/i18n/en', 'en'),
    ar: load('admin/src/i18n/ar', 'ar'),
    count: /%\{smart_count\}/,
  },
  {
    name: 'member site',
    en: load('member/app/i18n/en', 'en'),
    ar: load('member/app/i18n/ar', 'ar'),
    count: /\{count\}/,
  },
];

describe('counted strings in Arabic', () => {
  it.each(catalogues)('$name: every counted string has six Arabic forms and at most two English ones', ({ en, ar }) => {
    const english = new Map(leaves(en));
    const problems: string[] = [];
    for (const [key, text] of leaves(ar)) {
      if (!text.includes('||||')) continue;
      const forms = text.split('||||').length;
      if (forms !== 6) problems.push(`${key}: ${forms} Arabic forms`);
      const other = english.get(key) ?? '';
      // English has one and other; a range ("from 2 to 5 students") may have just one form.
      if (other.split('||||').length > 2) problems.push(`${key}: ${other.split('||||').length} English forms`);
    }
    expect(problems).toEqual([]);
  });

  it.each(catalogues)('$name: rendered for 0, 1, 2, 3, 11 and 100, the number shows from 3 on', ({ ar, count }) => {
    const problems: string[] = [];
    const polyglot = new Polyglot({ locale: 'ar', phrases: ar });
    for (const [key, text] of leaves(ar)) {
      if (!text.includes('||||') || !count.test(text)) continue;
      for (const n of COUNTS) {
        const mine = pluralForm('ar', text, n);
        // The back-office's Polyglot picks the same form as Intl.PluralRules.
        const theirs = polyglot.t(key, { smart_count: n, _: text });
        const filled = mine.replace(/%?\{(smart_count|count)\}/g, String(n)).replace(/%\{\w+\}/g, '…');
        if (count.source.startsWith('%') && theirs.trim() !== filled.replace(/…/g, '').trim() && !/%\{/.test(mine))
          problems.push(`${key} ${n}: Polyglot "${theirs}" / "${filled}"`);
        if (n >= 3 && count.test(text) && !mine.match(count) && mine.includes('{'))
          problems.push(`${key} ${n}: "${filled}" lacks the number`);
        if (n >= 3 && !filled.includes(String(n)) && /[{]/.test(text.split('||||')[3]))
          problems.push(`${key} ${n}: "${filled}" lacks the number`);
      }
    }
    expect(problems).toEqual([]);
  });

  /**
   * Placeholders that hold a number (the others hold names, dates, money or an already counted
   * phrase). A placeholder the catalogues start using must be put in one list or the other.
   */
  const NUMBERS = new Set(
    'count smart_count limit max min quota age page pages offsetBegin offsetEnd total column input done issued valid invalid n days length year position percent icv number'.split(
      ' ',
    ),
  );
  const WORDS = new Set(
    'phone email date destination name sites places id grades grade amount note left team reason team_no field param first last item recordRepresentation field_lower_first order options pattern currency to national_id value fee members coaches rounds criteria venue competition season role fields terms privacy time students no list student from'.split(
      ' ',
    ),
  );
  /** What may follow a number without being counted: units, particles, and words that are not its noun. */
  const NOT_COUNTED = new Set('ميغابايت ميغابكسل من إلى في أو لكل فأقل فأكثر خارج بحجمها منصة و'.split(' '));
  const MONTHS = /^(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر)$/;
  const ARABIC_WORD = '(?=\\p{Script=Arabic})[\\p{L}\\p{M}]+';

  it.each(catalogues)(
    '$name: a number placeholder before a noun is a counted string; a written number takes its noun in the right form',
    ({ ar }) => {
      const problems: string[] = [];
      for (const [key, text] of leaves(ar)) {
        for (const m of text.matchAll(/%?\{(\w+)\}/g))
          if (!NUMBERS.has(m[1]) && !WORDS.has(m[1])) problems.push(`${key}: placeholder {${m[1]}} is in neither list`);
        if (text.includes('||||')) continue;
        // A number placeholder right before a word: only a unit or a particle may follow it.
        for (const m of text.matchAll(new RegExp(`%?\\{(\\w+)\\}\\s*(${ARABIC_WORD})`, 'gu')))
          if (NUMBERS.has(m[1]) && !NOT_COUNTED.has(m[2]))
            problems.push(`${key}: "${m[0]}" counts a noun without the plural helper`);
        // A number written in the text: 3–10 take a plural, 11–99 a singular accusative (tanwīn
        // fatḥ), 100 and more a singular genitive (no tanwīn), as Intl.PluralRules('ar') classes them.
        for (const m of text.matchAll(
          new RegExp(`(?<![\\d\u0660-\u0669])([\\d\u0660-\u0669]+)\\s(${ARABIC_WORD})`, 'gu'),
        )) {
          const [, digits, noun] = m;
          if (NOT_COUNTED.has(noun) || MONTHS.test(noun)) continue;
          const n = Number(digits.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660)));
          const category = new Intl.PluralRules('ar').select(n);
          const tanwin = /\u064B\u0627?$/.test(noun);
          if (category === 'many' && !tanwin)
            problems.push(`${key}: "${m[0]}" needs the singular accusative with tanwīn (ًا or ةً) for ${n}`);
          if ((category === 'other' || category === 'few') && tanwin)
            problems.push(`${key}: "${m[0]}" takes no tanwīn`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('the API says how many teams, posts and rows in the grammar of the number', () => {
    const t = (key: api.MessageKey, count: number) => api.translate('ar', key, { count });
    expect(COUNTS.map((n) => t('event.published', n))).toEqual([
      'لم تُكتب نتائج أي فريق.',
      'كُتبت النتائج لفريق واحد.',
      'كُتبت النتائج لفريقين.',
      'كُتبت النتائج لـ3 فرق.',
      'كُتبت النتائج لـ11 فريقًا.',
      'كُتبت النتائج لـ100 فريق.',
    ]);
    expect(COUNTS.map((n) => t('results.applied', n))).toEqual([
      'لم تُحفظ نتائج أي فريق.',
      'تم حفظ النتائج لفريق واحد.',
      'تم حفظ النتائج لفريقين.',
      'تم حفظ النتائج لـ3 فرق.',
      'تم حفظ النتائج لـ11 فريقًا.',
      'تم حفظ النتائج لـ100 فريق.',
    ]);
    expect(t('content.category_in_use', 4)).toBe('هذا التصنيف مستخدم في 4 مقالات؛ انقلها إلى تصنيف آخر أولًا.');
    expect(COUNTS.map((n) => t('audit.results_rows', n))).toEqual([
      'لا نتائج',
      'نتائج فريق واحد',
      'نتائج فريقين',
      'نتائج 3 فرق',
      'نتائج 11 فريقًا',
      'نتائج 100 فريق',
    ]);
    expect(api.translate('en', 'event.published', { count: 1 })).toBe('Results written for one team.');
    expect(api.translate('en', 'event.published', { count: 11 })).toBe('Results written for 11 teams.');
  });

  it('e-mails and WhatsApp count days and minutes the same way', () => {
    expect(COUNTS.map((n) => countedDays('ar', n))).toEqual([
      '0 يوم',
      'يومًا واحدًا',
      'يومين',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
    expect(COUNTS.map((n) => countedMinutes('ar', n))).toEqual([
      '0 دقيقة',
      'دقيقة واحدة',
      'دقيقتين',
      '3 دقائق',
      '11 دقيقةً',
      '100 دقيقة',
    ]);
  });

  it('a back-office section is named by its title in the menu and on its page (react-admin asks for two)', () => {
    // react-admin names a section with smart_count 2 (the menu, the list's title): in Arabic that is
    // the dual form, which for a section must be its title, never «فاتورتان إلكترونيتان».
    const resources = load('admin/src/i18n/ar', 'ar').resources as Tree;
    const problems: string[] = [];
    for (const [name, entry] of Object.entries(resources)) {
      const forms = String((entry as Tree).name)
        .split('||||')
        .map((f) => f.trim());
      if (forms.length === 1) continue;
      if (new Set(forms.slice(2)).size !== 1) problems.push(`${name}: ${forms.slice(2).join(' / ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('the back-office names a section, a choice of files and an import in the grammar of the number', () => {
    const polyglot = new Polyglot({ locale: 'ar', phrases: load('admin/src/i18n/ar', 'ar') });
    const t = (key: string, n: number) => polyglot.t(key, { smart_count: n });
    // "No results in the users", not «في مستخدمون».
    expect(polyglot.t('ra.navigation.no_results', { name: t('resources.users.name', 0) })).toBe(
      'لا توجد نتائج في المستخدمين',
    );
    expect(COUNTS.map((n) => t('app.media.add', n))).toEqual([
      'إضافة',
      'إضافة الملف المختار',
      'إضافة الملفين المختارين',
      'إضافة 3 ملفات مختارة',
      'إضافة 11 ملفًا مختارًا',
      'إضافة 100 ملف مختار',
    ]);
    // How many files a picture field takes («حتى 1» said nothing).
    expect(COUNTS.map((n) => t('app.media.limit_hint', n))).toEqual([
      'بلا ملفات',
      'ملف واحد',
      'حتى ملفين',
      'حتى 3 ملفات',
      'حتى 11 ملفًا',
      'حتى 100 ملف',
    ]);
    expect(COUNTS.map((n) => t('resources.registrations.team_coaches', n))).toEqual([
      'بلا مدربين',
      'حتى مدرب واحد',
      'حتى مدربين اثنين',
      'حتى 3 مدربين',
      'حتى 11 مدربًا',
      'حتى 100 مدرب',
    ]);
  });
});

describe('money in Arabic', () => {
  it('reads 200.00 ر.س on every page, message and document, SAR 200.00 in English', () => {
    expect(formatMoney('200', 'SAR', 'ar')).toBe('200.00 ر.س');
    expect(formatMoney(1500.5, 'SAR', 'ar')).toBe('1,500.50 ر.س');
    expect(formatMoney(1500, 'SAR', 'ar', { maximumFractionDigits: 0 })).toBe('1,500 ر.س');
    expect(formatMoney('200', 'SAR', 'en')).toBe('SAR\u00a0200.00');
    expect(api.translate('en', 'refund.too_much', { left: api.money('10', 'SAR') })).toContain(' SAR 10.00,');
    expect(moneyText('ar', '200', 'SAR')).toBe(formatMoney('200', 'SAR', 'ar'));
    // No bidi marks that would move the amount inside a sentence.
    expect(formatMoney('200', 'SAR', 'ar')).not.toMatch(/[\u200E\u200F\u061C]/);
    expect(api.translate('ar', 'refund.too_much', { left: api.money('244.5', 'SAR') })).toBe(
      'لا يمكن أن يزيد المبلغ المسترد على 244.50 ر.س، وهو ما بقي من المبلغ المدفوع.',
    );
  });
});

import { DATE_LOCALES } from '@platform/contract';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';

export type Locale = 'en' | 'ar';
export type Direction = 'ltr' | 'rtl';

export const directionOf = (locale: Locale): Direction => (locale === 'ar' ? 'rtl' : 'ltr');

/**
 * The browser's language (navigator.languages, what it sends as Accept-Language): the first of its
 * languages that is Arabic or English, any region (ar-SA, en-GB); English when neither is there.
 */
export function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (primary === 'ar' || primary === 'en') return primary;
  }
  return 'en';
}

/**
 * The locale the person chose, which react-admin keeps in its store (localStorage key
 * `RaStore.locale`, kept on sign-out); until they choose, the browser's (the sign-in page included).
 */
function storedLocale(): Locale {
  try {
    const chosen = localStorage.getItem('RaStore.locale');
    if (chosen === null) return browserLocale();
    return JSON.parse(chosen) === 'ar' ? 'ar' : 'en';
  } catch {
    return browserLocale();
  }
}

let current: Locale = storedLocale();
const listeners = new Set<() => void>();

/**
 * The current locale for code outside react-admin's tree: the emotion cache and theme direction
 * (which wrap <Admin>), the Accept-Language header and the auth provider's messages.
 */
export const localeStore = {
  get: (): Locale => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/**
 * Each language's catalogue is its own chunk (issue 36: the first screen carries one, not both), in
 * two parts: what the sign-in page, the frame and the dashboard translate (`virtual:first-catalogue`,
 * picked from en.ts / ar.ts at build time: vite.config.ts), loaded before the first render
 * (`loadCatalogue` in main.tsx, beside the app's own chunk); and the whole, which every other screen
 * waits for (`loadFullCatalogue`). The other language loads when the person switches to it.
 */
const catalogues: Partial<Record<Locale, TranslationMessages>> = {};
const firstImporters: Record<Locale, () => Promise<TranslationMessages>> = {
  en: () => import('virtual:first-catalogue/en').then((m) => m.default),
  ar: () => import('virtual:first-catalogue/ar').then((m) => m.default),
};
const importers: Record<Locale, () => Promise<TranslationMessages>> = {
  en: () => import('./en').then((m) => m.en),
  ar: () => import('./ar').then((m) => m.ar),
};
/** The whole catalogues are wanted once a screen beyond the dashboard is shown. */
let full = false;
const fullCatalogues: Partial<Record<Locale, Promise<TranslationMessages>>> = {};
const loadWhole = (locale: Locale) => (fullCatalogues[locale] ??= importers[locale]());

const wholes: Partial<Record<Locale, TranslationMessages>> = {};

/** The catalogue of a language (its first part until a screen wanted the whole), fetched once. */
export async function loadCatalogue(locale: Locale): Promise<TranslationMessages> {
  if (full) return (wholes[locale] ??= await loadWhole(locale));
  return (catalogues[locale] ??= await firstImporters[locale]());
}

/** The current language's whole catalogue, in use before this resolves (for a screen about to show). */
export async function loadFullCatalogue(): Promise<void> {
  if (full) return;
  full = true;
  await loadCatalogue(current);
  // Polyglot takes the catalogue anew when the locale is set, the same one here.
  await polyglot().changeLocale(current);
}

/** Synchronous for a catalogue already loaded (polyglot needs the first one so), else its import. */
const messagesOf = (locale: string) => {
  const l: Locale = locale === 'ar' ? 'ar' : 'en';
  return (full ? wholes[l] : catalogues[l]) ?? loadCatalogue(l);
};

type Polyglot = ReturnType<typeof polyglotI18nProvider>;
let polyglotOnce: Polyglot | undefined;
/** Made on first use, after main.tsx loaded the current catalogue. */
function polyglot(): Polyglot {
  if (!polyglotOnce) {
    if (!catalogues[current]) throw new Error(`the ${current} catalogue is not loaded yet`);
    polyglotOnce = polyglotI18nProvider(messagesOf, current, [
      { locale: 'en', name: 'English' },
      { locale: 'ar', name: 'العربية' },
    ]);
    applyToDocument(current);
  }
  return polyglotOnce;
}

function applyToDocument(locale: Locale) {
  const html = document.documentElement;
  html.lang = locale;
  html.dir = directionOf(locale);
  document.title = polyglot().translate('app.title');
}
setDirectionNow();

/** The page's direction at once (before any catalogue), so nothing is laid out the wrong way round first. */
function setDirectionNow() {
  document.documentElement.lang = current;
  document.documentElement.dir = directionOf(current);
}

export const i18nProvider: I18nProvider = {
  translate: (key, options) => polyglot().translate(key, options),
  getLocale: () => polyglot().getLocale(),
  getLocales: () => polyglot().getLocales?.() ?? [],
  async changeLocale(locale, options) {
    await polyglot().changeLocale(locale, options);
    current = locale === 'ar' ? 'ar' : 'en';
    applyToDocument(current);
    listeners.forEach((listener) => listener());
  },
};

/** Translates outside React (the auth provider's messages). */
export const translateNow = (key: string): string => i18nProvider.translate(key);

/** Dates read the same way in both languages, day first: the contract's locales (Gregorian calendar, Latin digits). */
export const dateLocales: Record<Locale, string> = DATE_LOCALES;

if (import.meta.env.DEV) {
  // ar.ts is typed against en.ts, but react-admin's own English messages are typed loosely
  // (TranslationMessages has index signatures): list at run time what the Arabic file lacks.
  const missing = (a: object, b: object, path = ''): string[] =>
    Object.entries(a).flatMap(([key, value]) => {
      const other = (b as Record<string, unknown>)[key];
      if (other === undefined) return [`${path}${key}`];
      return typeof value === 'object' && value ? missing(value, other as object, `${path}${key}.`) : [];
    });
  void Promise.all([importers.en(), importers.ar()]).then(([en, ar]) => {
    const gaps = missing(en, ar);
    if (gaps.length) console.warn('Arabic translation is missing:', gaps);
  });
}

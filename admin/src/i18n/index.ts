import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { ar } from './ar';
import { en } from './en';

export type Locale = 'en' | 'ar';

/** react-admin keeps the chosen locale in its store (localStorage, key RaStore.locale). */
function storedLocale(): Locale {
  try {
    return JSON.parse(localStorage.getItem('RaStore.locale') ?? '"en"') === 'ar' ? 'ar' : 'en';
  } catch {
    return 'en';
  }
}

let current: Locale = storedLocale();
const listeners = new Set<() => void>();

function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
}
applyToDocument(current);

/** The current locale outside react-admin's tree (the theme direction and the emotion cache need it). */
export const localeStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const polyglot = polyglotI18nProvider((locale) => (locale === 'ar' ? ar : en), current, [
  { locale: 'en', name: 'English' },
  { locale: 'ar', name: 'العربية' },
]);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(locale, options) {
    await polyglot.changeLocale(locale, options);
    current = locale === 'ar' ? 'ar' : 'en';
    applyToDocument(current);
    listeners.forEach((l) => l());
  },
};

/** Translates outside React (the auth provider's messages). */
export function translateNow(key: string): string {
  return i18nProvider.translate(key);
}

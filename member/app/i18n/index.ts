import { useRouteLoaderData } from '@remix-run/react';
import { ar } from './ar';
import { en, type Messages } from './en';

export type Lang = 'en' | 'ar';
export const LANGS: Lang[] = ['en', 'ar'];

const catalogs: Record<Lang, Messages> = { en, ar };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends string[] ? never : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export function messages(lang: Lang): Messages {
  return catalogs[lang];
}

/** Translates a key like `signin.title_student`, filling `{name}` placeholders. */
export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  let value: unknown = catalogs[lang];
  for (const part of key.split('.')) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== 'string') return key;
  return value.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ar';
export const dirOf = (lang: Lang) => (lang === 'ar' ? 'rtl' : 'ltr');

/** The page's language (from the root loader) and a bound translate function. */
export function useT() {
  const data = useRouteLoaderData('root') as { lang?: Lang } | undefined;
  const lang: Lang = data?.lang ?? 'en';
  return {
    lang,
    t: (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params),
    m: catalogs[lang],
  };
}

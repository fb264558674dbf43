import { pluralForm } from '@platform/contract';
import { useRouteLoaderData } from '@remix-run/react';
import { useSyncExternalStore } from 'react';
import type { Messages } from './en';

export type Lang = 'en' | 'ar';
export const LANGS: Lang[] = ['en', 'ar'];

/**
 * The catalogues this process holds: both on the server (entry.server registers them), only the
 * page's own language in the browser (entry.client loads it before hydrating; the language switch
 * reloads the document), so a page never downloads the other language.
 */
const catalogs: Partial<Record<Lang, Messages>> = {};
const loading = new Set<Lang>();
const listeners = new Set<() => void>();

export function registerCatalog(lang: Lang, messages: Messages) {
  catalogs[lang] = messages;
  for (const listener of listeners) listener();
}

/** The browser's import of one language's catalogue (a chunk of its own). */
export const loadCatalog = (lang: Lang): Promise<Messages> =>
  lang === 'ar' ? import('./ar').then((m) => m.ar) : import('./en').then((m) => m.en);

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends string[] ? never : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

/**
 * A language's catalogue. Should a client navigation change the language without a reload (a link
 * out of the partner embed, whose language comes from ?lang=), the page keeps the catalogue it has
 * while the other loads, and useT re-renders once it is there.
 */
export function messages(lang: Lang): Messages {
  const catalog = catalogs[lang];
  if (catalog) return catalog;
  if (typeof document === 'undefined') throw new Error(`The ${lang} catalogue is not registered`);
  if (!loading.has(lang)) {
    loading.add(lang);
    void loadCatalog(lang).then((m) => registerCatalog(lang, m));
  }
  return (catalogs.en ?? catalogs.ar)!;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Translates a key like `signin.title_student`, filling `{name}` placeholders. */
export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  let value: unknown = messages(lang);
  for (const part of key.split('.')) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== 'string') return key;
  return value.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * A counting message lists the forms its language uses, separated by `||||`, in CLDR's order (the
 * contract's pluralForm, which the API and the back-office's Polyglot share): English one and other
 * ('{count} student||||{count} students'), Arabic zero, one, two, few (3–10), many (11–99) and other
 * (100, 101…). A message without `||||` is the same for every count.
 */
export function plural(
  lang: Lang,
  key: MessageKey,
  count: number,
  params: Record<string, string | number> = {},
): string {
  return pluralForm(lang, translate(lang, key, { count, ...params }), count);
}

export const isLang = (value: unknown): value is Lang => value === 'en' || value === 'ar';
export const dirOf = (lang: Lang) => (lang === 'ar' ? 'rtl' : 'ltr');

/** The page's language (from the root loader) and a bound translate function. */
export function useT() {
  const data = useRouteLoaderData('root') as { lang?: Lang } | undefined;
  const lang: Lang = data?.lang ?? 'en';
  useSyncExternalStore(
    subscribe,
    () => catalogs[lang],
    () => catalogs[lang],
  );
  return {
    lang,
    t: (key: MessageKey, params?: Record<string, string | number>) => translate(lang, key, params),
    /** A counting message (forms separated by `||||`) for `count`. */
    tn: (key: MessageKey, count: number, params?: Record<string, string | number>) => plural(lang, key, count, params),
    m: messages(lang),
  };
}

import { ar } from './ar';
import { en, type MessageKey } from './en';
import { Lang, langOf } from './lang';

/** The API's catalogue: one file per language (en.ts, ar.ts); the member's language picks one. */
export { ar, en, Lang, langOf, type MessageKey };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = (lang === 'ar' ? ar : en)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

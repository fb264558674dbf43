import { formatMoney, pluralForm } from '@platform/contract';
import { ar } from './ar';
import { en, type MessageKey } from './en';
import { Lang, langOf } from './lang';

/** The API's catalogue: one file per language (en.ts, ar.ts); the member's language picks one. */
export { ar, en, Lang, langOf, type MessageKey };

/** An amount a message shows as money in the reader's language (`200.00 ر.س` / `SAR 200.00`). */
export type MoneyParam = { amount: string | number; currency: string };
export type MessageParam = string | number | MoneyParam;

export const money = (amount: string | number, currency: string): MoneyParam => ({ amount, currency });

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/**
 * A message in `lang` with its `{name}` placeholders filled. A counting message (forms separated by
 * `||||`, see the contract's pluralForm) takes the form its `count` asks for; money is written as
 * the reader's language writes it.
 */
export function translate(lang: Lang, key: MessageKey, params: Record<string, MessageParam> = {}): string {
  let template: string = (lang === 'ar' ? ar : en)[key];
  if (typeof params.count === 'number') template = pluralForm(lang, template, params.count);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (typeof value === 'object') return formatMoney(value.amount, value.currency, lang).replace(/\u00a0/g, ' ');
    return String(value);
  });
}

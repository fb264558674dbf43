/**
 * Counting in both languages, one rule for the API's messages, the outbox's e-mails and WhatsApp
 * texts, the member site and (through Polyglot, which orders Arabic's forms the same way) the
 * back-office. A counting message lists the forms its language uses in CLDR's order, separated by
 * `||||`: English one and other ('{count} team||||{count} teams'); Arabic zero, one, two, few
 * (3–10: plural), many (11–99: singular accusative) and other (100, 101…: singular genitive). A
 * message without `||||` is the same for every count.
 */
export const PLURAL_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

const rules = new Map<string, { rules: Intl.PluralRules; order: Intl.LDMLPluralRule[] }>();

/** The plural category `count` takes in `lang` ('ar' → zero/one/two/few/many/other; 'en' → one/other). */
export function pluralCategory(lang: string, count: number): Intl.LDMLPluralRule {
  return entry(lang).rules.select(count);
}

function entry(lang: string) {
  let found = rules.get(lang);
  if (!found) {
    const r = new Intl.PluralRules(lang);
    const used = r.resolvedOptions().pluralCategories;
    found = { rules: r, order: PLURAL_ORDER.filter((c) => used.includes(c)) };
    rules.set(lang, found);
  }
  return found;
}

/** The form of a `||||`-separated counting message that `count` takes in `lang` (the last when a form is missing). */
export function pluralForm(lang: string, text: string, count: number): string {
  if (!text.includes('||||')) return text;
  const forms = text.split('||||');
  const { rules: r, order } = entry(lang);
  return (forms[order.indexOf(r.select(count))] ?? forms[forms.length - 1]).trim();
}

import { localeStore } from '../i18n';

/**
 * A record named in both languages, as react-admin names it in titles, pickers and confirm dialogs:
 * in the interface's language (the app renders again when the language changes).
 */
export const bilingualRepresentation = (record: { name?: string; name_en?: string }) =>
  (localeStore.get() === 'ar' ? record.name : record.name_en) || record.name_en || record.name || '';

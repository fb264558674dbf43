import { localStorageStore, type Store } from 'react-admin';

/** Preferences of this browser, not of the session: kept when signing out resets the store. */
const PREFERENCES = ['locale', 'theme'];

const base = localStorageStore();

export const store: Store = {
  ...base,
  reset() {
    const kept = PREFERENCES.map((key) => [key, base.getItem(key)] as const);
    base.reset();
    kept.forEach(([key, value]) => value !== undefined && base.setItem(key, value));
  },
};

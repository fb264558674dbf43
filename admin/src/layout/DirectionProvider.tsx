import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useSyncExternalStore, type ReactNode } from 'react';
import rtlPlugin from 'stylis-plugin-rtl';
import { directionOf, localeStore, type Direction } from '../i18n';

const caches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
};

/** The reading direction of the current language; follows the locale menu at once. */
export function useDirection(): Direction {
  return directionOf(useSyncExternalStore(localeStore.subscribe, localeStore.get));
}

/** Arabic styles go through stylis-plugin-rtl (margins, paddings and positions mirrored). */
export function DirectionProvider({ children }: { children: ReactNode }) {
  return <CacheProvider value={caches[useDirection()]}>{children}</CacheProvider>;
}

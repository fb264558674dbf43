import createCache, { type StylisPlugin } from '@emotion/cache';
import { createTheme, type Theme } from '@mui/material/styles';

export type Direction = 'ltr' | 'rtl';

/**
 * The emotion cache of a page: right-to-left when given the stylis plugins of `rtl.ts` (the browser
 * loads them only for an Arabic page); `nonce` marks its style tags for the Content-Security-Policy.
 * The key tells the client which server styles are its own.
 */
export function createEmotionCache(nonce?: string, rtlPlugins?: StylisPlugin[]) {
  return rtlPlugins
    ? createCache({ key: 'muirtl', stylisPlugins: rtlPlugins, nonce })
    : createCache({ key: 'mui', nonce });
}

const themes = new Map<Direction, Theme>();

/** The site's theme of a direction, made once per process (not at every server render). */
export function appTheme(direction: Direction): Theme {
  let theme = themes.get(direction);
  if (!theme) themes.set(direction, (theme = createAppTheme(direction)));
  return theme;
}

function createAppTheme(direction: Direction) {
  return createTheme({
    direction,
    palette: { primary: { main: '#1f4e8c' }, secondary: { main: '#0f766e' }, background: { default: '#f5f7fb' } },
    typography: {
      fontFamily:
        direction === 'rtl'
          ? '"Noto Naskh Arabic", "Noto Sans Arabic", Tahoma, Arial, sans-serif'
          : 'system-ui, "Segoe UI", Roboto, Arial, sans-serif',
    },
    shape: { borderRadius: 10 },
  });
}

import createCache from '@emotion/cache';
import { createTheme } from '@mui/material/styles';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export type Direction = 'ltr' | 'rtl';

/** One emotion cache per direction; the key tells the client which server styles are its own. */
/** The emotion cache of a direction; `nonce` marks its style tags for the page's Content-Security-Policy. */
export function createEmotionCache(direction: Direction, nonce?: string) {
  return direction === 'rtl'
    ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], nonce })
    : createCache({ key: 'mui', nonce });
}

export function createAppTheme(direction: Direction) {
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

import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

const fonts = '"Segoe UI", Roboto, "Noto Naskh Arabic", "Noto Sans Arabic", Tahoma, Arial, sans-serif';

/** The light and dark themes, in the reading direction of the current language. */
export function themes(direction: 'ltr' | 'rtl'): { light: RaThemeOptions; dark: RaThemeOptions } {
  const common = {
    direction,
    typography: { fontFamily: fonts },
    components: {
      // A list wider than the screen scrolls inside its card instead of pushing the page sideways.
      RaLayout: {
        styleOverrides: {
          root: {
            minWidth: 0,
            '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
          },
        },
      },
      RaList: {
        styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } },
      },
    },
  };
  return {
    light: {
      ...defaultLightTheme,
      ...common,
      components: { ...defaultLightTheme.components, ...common.components },
      palette: { ...defaultLightTheme.palette, primary: { main: '#1f4e8c' }, secondary: { main: '#0f766e' } },
    },
    dark: { ...defaultDarkTheme, ...common, components: { ...defaultDarkTheme.components, ...common.components } },
  };
}

import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import type { Theme } from '@mui/material/styles';
import type { Direction } from '../i18n';

const fontFamily = '"Segoe UI", Roboto, "Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, Arial, sans-serif';

const components = {
  // A list wider than the screen scrolls inside its card instead of pushing the page sideways.
  RaLayout: {
    styleOverrides: {
      root: {
        minWidth: 0, // react-admin's default is fit-content
        '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 },
      },
    },
  },
  // Contrast (WCAG AA): the empty-list message is drawn in the secondary text colour, not the
  // disabled one, and an avatar without a picture gets a darker grey behind its white initial.
  RaEmpty: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }),
    },
  },
  // react-admin names a row's select checkbox with aria-label on the checkbox's outer span, where
  // it is not allowed and leaves the input unnamed (axe: aria-prohibited-attr, label): the name
  // moves to the input. Labels given to the input itself (select all) are kept.
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (owner: Record<string, unknown>) => (owner['aria-label'] ? { 'aria-label': undefined } : {}),
        input: (owner: Record<string, unknown>) => ({
          ...(owner.inputProps as object | undefined),
          ...(owner['aria-label'] ? { 'aria-label': owner['aria-label'] } : {}),
        }),
      },
    },
  },
  MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161', color: '#fff' } } },
  RaList: {
    styleOverrides: {
      root: {
        '& .RaList-main': { minWidth: 0 },
        // The filter button keeps a full touch target where the filter form's box reaches over the
        // toolbar (right to left): axe target-size.
        '& .add-filter': { minHeight: 36 },
      },
    },
  },
  // A phone's list rows: a long name or e-mail address wraps inside the row instead of pushing the
  // page sideways.
  RaSimpleList: {
    styleOverrides: {
      root: {
        '& .MuiListItemText-root': { minWidth: 0 },
        '& .MuiListItemText-primary, & .MuiListItemText-secondary': { overflowWrap: 'anywhere' },
      },
    },
  },
  // The table scrolls in its own box, so its header row (position: sticky) stays in view and the
  // pagination below it stays on screen.
  RaDataTable: {
    styleOverrides: {
      root: {
        '& .RaDataTable-tableWrapper': { overflow: 'auto', maxHeight: 'calc(100vh - 190px)' },
        // Narrower gutters: the users table's eleven columns fit a 1280px screen.
        '& .RaDataTable-headerCell, & .RaDataTable-rowCell': { paddingLeft: 8, paddingRight: 8 },
      },
    },
  },
};

function build(base: RaThemeOptions, direction: Direction, extra: RaThemeOptions = {}): RaThemeOptions {
  return {
    ...base,
    ...extra,
    direction,
    typography: { ...base.typography, fontFamily },
    components: { ...base.components, ...components },
  };
}

/** The light and dark themes in the reading direction of the current language. */
export const themes = (direction: Direction) => ({
  light: build(defaultLightTheme, direction, {
    palette: {
      ...defaultLightTheme.palette,
      primary: { main: '#1f4e8c' },
      secondary: { main: '#0f766e' },
      // MUI's orange (#ed6c02) under white text is 3.1:1; this amber is 5:1 (WCAG AA).
      warning: { main: '#b45309' },
      // MUI's red (#d32f2f) on the form toolbar's grey (#e0e0e0) is 3.7:1 (a team page's Delete
      // button, axe); this red is 5:1 there and 7:1 on white.
      error: { main: '#b71c1c' },
    },
  }),
  dark: build(defaultDarkTheme, direction),
});

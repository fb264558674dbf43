import { useCallback, type ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { Layout as RaLayout, useTranslate } from 'react-admin';
import { StaffGate } from '../security/StaffGate';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/** Every page, once the staff member's account is ready (a password of their own; two-factor when required). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <NamedProgress>
      <RaLayout appBar={AppBar} menu={Menu}>
        <StaffGate>{children}</StaffGate>
      </RaLayout>
    </NamedProgress>
  );
}

/**
 * Every progress bar has a name a screen reader says (WCAG's aria-progressbar-name): "Loading" in
 * the staff member's language, unless the bar names itself. react-admin's own bars (a reference
 * field still loading) included; the media library, slow to answer on a busy machine, showed one
 * without a name.
 */
function NamedProgress({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const label = translate('ra.page.loading');
  // The same function while the language stays: a new one would make MUI build a new theme, and
  // every styled component below draw again, each time the layout renders.
  const theme = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        MuiLinearProgress: {
          ...outer.components?.MuiLinearProgress,
          defaultProps: { ...outer.components?.MuiLinearProgress?.defaultProps, 'aria-label': label },
        },
        MuiCircularProgress: {
          ...outer.components?.MuiCircularProgress,
          defaultProps: { ...outer.components?.MuiCircularProgress?.defaultProps, 'aria-label': label },
        },
      },
    }),
    [label],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

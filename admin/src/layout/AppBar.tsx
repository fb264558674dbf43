import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, useTranslate } from 'react-admin';
import { ThemeMenu } from './ThemeMenu';

/** Page title, then language and theme choices and Reload (a spinner while loading); the user menu (logout) stays at the end. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={
        <>
          <LocalesMenuButton />
          <ThemeMenu />
          {/* The spinner is a progressbar: it needs a name (axe: aria-progressbar-name). */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}

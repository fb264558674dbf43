import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal } from 'react-admin';
import { ThemeMenu } from './ThemeMenu';

/** Page title, then language and theme choices and Reload (a spinner while loading); the user menu (logout) stays at the end. */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <LocalesMenuButton />
          <ThemeMenu />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}

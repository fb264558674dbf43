import { AppBar as RaAppBar, LocalesMenuButton, TitlePortal } from 'react-admin';
import { ThemeMenu } from './ThemeMenu';

/** Page title, then language and theme choices; the user menu (logout) stays at the end. */
export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <LocalesMenuButton />
          <ThemeMenu />
        </>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}

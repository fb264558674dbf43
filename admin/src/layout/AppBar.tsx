import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { ThemeMenu } from './ThemeMenu';

/** Page title, then language and theme choices and Reload (a spinner while loading); the user menu (logout) stays at the end. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      toolbar={
        <>
          {/* On a phone only the language icon shows (its name stays for screen readers), so the page title fits. */}
          <Box
            component="span"
            sx={{
              '& .MuiButton-root': { fontSize: { xs: 0, sm: '0.875rem' }, minWidth: 0 },
              '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } },
              '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
            }}
          >
            <LocalesMenuButton />
          </Box>
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

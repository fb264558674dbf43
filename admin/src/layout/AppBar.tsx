import SecurityIcon from '@mui/icons-material/Security';
import { Box, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { ThemeMenu } from './ThemeMenu';

/** The user menu's "Security": one's own password and two-factor sign-in. */
function SecurityMenuItem() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/security" onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.security.menu')}</ListItemText>
    </MenuItem>
  );
}

/** Page title, then language and theme choices and Reload (a spinner while loading); the user menu (logout) stays at the end. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar
      userMenu={
        <UserMenu>
          <SecurityMenuItem />
          <Logout />
        </UserMenu>
      }
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

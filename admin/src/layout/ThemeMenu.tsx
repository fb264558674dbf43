import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton, ListItemIcon, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useRemoveFromStore, useStore, useTranslate } from 'react-admin';

type Choice = 'light' | 'dark' | 'auto';

/** Light, dark or auto (follows the system). Auto is the absence of a stored choice. */
export function ThemeMenu() {
  const translate = useTranslate();
  const [stored, setStored] = useStore<'light' | 'dark' | undefined>('theme');
  const remove = useRemoveFromStore();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current: Choice = stored ?? 'auto';
  const icons = { light: <LightModeIcon />, dark: <DarkModeIcon />, auto: <BrightnessAutoIcon /> };
  const choose = (choice: Choice) => {
    if (choice === 'auto') remove('theme');
    else setStored(choice);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={translate('app.theme.label')}>
        <IconButton
          color="inherit"
          aria-label={translate('app.theme.label')}
          onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        >
          {icons[current]}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {(['light', 'dark', 'auto'] as const).map((choice) => (
          <MenuItem key={choice} selected={choice === current} onClick={() => choose(choice)}>
            <ListItemIcon>{icons[choice]}</ListItemIcon>
            {translate(`app.theme.${choice}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '~/i18n';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * A password box with a show/hide button (a toggle with aria-pressed and a translated name). Without
 * JavaScript the button is not drawn and the box stays a plain password field.
 */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const adornment = enhanced ? (
    <InputAdornment position="end">
      <IconButton
        aria-label={t('ui.show_password')}
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((s) => !s)}
        edge="end"
        size="small"
      >
        {shown ? <EyeOffIcon fontSize="small" /> : <EyeIcon fontSize="small" />}
      </IconButton>
    </InputAdornment>
  ) : undefined;
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        htmlInput: { dir: 'ltr', ...(props.slotProps?.htmlInput as object), spellCheck: false, autoCapitalize: 'off' },
        input: { ...(props.slotProps?.input as object), endAdornment: adornment },
      }}
    />
  );
}

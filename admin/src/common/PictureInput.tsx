import { Avatar, Box, Button, CircularProgress, FormHelperText, Stack } from '@mui/material';
import { useState } from 'react';
import { useInput, useNotify, useTranslate } from 'react-admin';
import { apiFetch } from './api';

/**
 * A picture field of the user and admin forms: the picked file is sent at once to the API, which
 * checks its bytes (JPG, PNG or GIF), re-encodes it and answers its path; the form keeps the path.
 */
export function PictureInput({ source = 'picture' }: { source?: string }) {
  const { field } = useInput({ source });
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', file);
      const res = await apiFetch('/admin/uploads/picture', { method: 'POST', body });
      field.onChange(((await res.json()) as { path: string }).path);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <Avatar src={field.value || undefined} sx={{ width: 72, height: 72 }} alt="" />
      <Box>
        <Button component="label" variant="outlined" size="small" disabled={busy}>
          {busy ? (
            <CircularProgress size={16} aria-label={translate('ra.page.loading')} />
          ) : (
            translate('app.picture.choose')
          )}
          <input
            type="file"
            hidden
            name="picture-file"
            accept="image/jpeg,image/png,image/gif"
            onChange={(e) => void upload(e.currentTarget.files?.[0])}
          />
        </Button>
        <FormHelperText>{translate('app.picture.hint')}</FormHelperText>
      </Box>
    </Stack>
  );
}

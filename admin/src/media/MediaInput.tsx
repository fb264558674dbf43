import DeleteIcon from '@mui/icons-material/Close';
import { Box, Button, FormHelperText, FormLabel, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { MediaLibrary, type LibraryMode } from './MediaLibrary';

/**
 * A form field holding library paths: one path (`limit` 1, the feature image) or a list (a gallery,
 * videos). Files are chosen in the media library; each can be removed again.
 */
export function MediaInput({
  source,
  mode,
  limit,
  label,
}: {
  source: string;
  mode: LibraryMode;
  limit: number;
  label?: string;
}) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: limit === 1 ? null : [] });
  const [open, setOpen] = useState(false);
  const paths: string[] =
    limit === 1 ? (field.value ? [field.value as string] : []) : ((field.value as string[]) ?? []);
  const set = (next: string[]) => field.onChange(limit === 1 ? (next[0] ?? null) : next);
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <FormLabel>{translate(label ?? `resources.blogs.fields.${source}`)}</FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
        {paths.map((p) => (
          <Box
            key={p}
            sx={{
              position: 'relative',
              width: 96,
              height: 72,
              bgcolor: 'action.hover',
              borderRadius: 1,
              overflow: 'hidden',
            }}
          >
            {mode === 'video' ? (
              <video src={p} style={{ width: '100%', height: '100%', objectFit: 'cover' }} muted />
            ) : (
              <img src={p} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            )}
            <IconButton
              size="small"
              onClick={() => set(paths.filter((x) => x !== p))}
              aria-label={translate('ra.action.remove')}
              sx={{ position: 'absolute', top: 0, insetInlineEnd: 0, bgcolor: 'background.paper' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {translate('app.media.open')}
      </Button>
      <FormHelperText>{translate('app.media.limit_hint', { smart_count: limit })}</FormHelperText>
      <MediaLibrary
        open={open}
        mode={mode}
        limit={limit === 1 ? 1 : limit - paths.length}
        onClose={() => setOpen(false)}
        onChoose={(files) => {
          set(limit === 1 ? [files[0].path] : [...new Set([...paths, ...files.map((f) => f.path)])].slice(0, limit));
          setOpen(false);
        }}
      />
    </Box>
  );
}

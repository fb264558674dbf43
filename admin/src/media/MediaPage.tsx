import CopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link as MuiLink,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { LibraryFile, LibraryFileDetail, LibraryFileUse } from '@platform/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Confirm, Title, useCreatePath, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { apiFetch } from '../common/api';
import { nameIn } from '../common/fields';
import { FilePreview, LibraryBrowser } from './MediaLibrary';

/** A size in the interface's language and digits: "1.2 MB" / "١٫٢ ميغابايت". */
function formatSize(bytes: number, locale: string) {
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-SA' : 'en-GB', {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Where a file is used, each place a link to its record. */
function Uses({ uses }: { uses: LibraryFileUse[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const createPath = useCreatePath();
  if (!uses.length) return <Typography color="text.secondary">{translate('app.media.unused')}</Typography>;
  return (
    <>
      <Typography>{translate('app.media.used_in')}</Typography>
      <List dense disablePadding>
        {uses.map((u) => (
          <ListItem key={`${u.section}-${u.id}`} disableGutters>
            <MuiLink
              component={Link}
              to={u.section === 'settings' ? '/settings' : createPath({ resource: u.section, id: u.id, type: 'edit' })}
            >
              {translate(`app.media.places.${u.section}`)}
              {u.section !== 'settings' && (
                <>
                  {': '}
                  <bdi>{nameIn(u, locale)}</bdi>
                </>
              )}
            </MuiLink>
          </ListItem>
        ))}
      </List>
    </>
  );
}

/** One file: its picture, type and size, its address to copy, its alt text, where it is used, delete. */
function FileDetails({ file, onClose }: { file: LibraryFile; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const [alt, setAlt] = useState(file.alt);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const url = new URL(file.path, window.location.origin).href;
  const { data, isPending } = useQuery({
    queryKey: ['gallery-file', file._id],
    queryFn: async () => (await (await apiFetch(`/gallery/${file._id}`)).json()) as LibraryFileDetail,
  });
  useEffect(() => setAlt(data?.alt ?? file.alt), [data, file.alt]);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['gallery'] }),
      queryClient.invalidateQueries({ queryKey: ['gallery-file', file._id] }),
    ]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('app.media.copied', { type: 'info' });
    } catch {
      notify('app.media.copy_failed', { type: 'warning' });
    }
  };
  const saveAlt = async () => {
    setSaving(true);
    try {
      const res = await apiFetch(`/gallery/${file._id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ alt }),
      });
      await res.text();
      notify('app.media.alt_saved', { type: 'success' });
      await refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setConfirming(false);
    try {
      const res = await apiFetch(`/gallery/${file._id}`, { method: 'DELETE' });
      notify(((await res.json()) as { message: string }).message, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['gallery'] });
      onClose();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      await refresh();
    }
  };
  const inUse = (data?.used_in.length ?? 0) > 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="file-title">
      <DialogTitle id="file-title" sx={{ wordBreak: 'break-word' }}>
        <bdi>{file.name}</bdi>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
            <FilePreview file={file} height={220} />
          </Box>
          <Typography color="text.secondary">
            {translate(`app.media.kinds.${file.type}`)} · <bdi dir="ltr">{file.ext.toUpperCase()}</bdi> ·{' '}
            {formatSize(file.size, locale)}
          </Typography>
          <TextField
            label={translate('app.media.url')}
            value={url}
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, dir: 'ltr' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton onClick={copy} aria-label={translate('app.media.copy')} edge="end">
                      <CopyIcon />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          {file.type === 'image' && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={translate('app.media.alt')}
                helperText={translate('app.media.alt_hint')}
                value={alt}
                onChange={(e) => setAlt(e.target.value)}
                size="small"
                fullWidth
              />
              <Button
                variant="outlined"
                startIcon={<SaveIcon />}
                disabled={saving || alt === (data?.alt ?? file.alt)}
                onClick={saveAlt}
                sx={{ flexShrink: 0 }}
              >
                {translate('ra.action.save')}
              </Button>
            </Stack>
          )}
          {isPending ? <LinearProgress /> : data && <Uses uses={data.used_in} />}
          {inUse && <Alert severity="info">{translate('app.media.in_use_hint')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          disabled={isPending || inUse}
          onClick={() => setConfirming(true)}
        >
          {translate('ra.action.delete')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      <Confirm
        isOpen={confirming}
        title="app.media.delete_title"
        content="app.media.delete_content"
        translateOptions={{ name: file.name }}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}

/** The media library as a screen of its own: upload, browse, open a file to manage it. */
export function MediaPage() {
  const translate = useTranslate();
  const [open, setOpen] = useState<LibraryFile | null>(null);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('app.media.title')} />
      <LibraryBrowser mode="all" onFile={setOpen} />
      {open && <FileDetails key={open._id} file={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

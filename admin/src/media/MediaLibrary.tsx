import CloseIcon from '@mui/icons-material/Close';
import FileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import UploadIcon from '@mui/icons-material/CloudUpload';
import {
  AppBar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardMedia,
  Checkbox,
  Dialog,
  IconButton,
  LinearProgress,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import type { LibraryFile, LibraryPage } from '@platform/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { csrfToken } from '../auth/session';
import { apiFetch } from '../common/api';
import { localeStore } from '../i18n';

export type LibraryMode = 'all' | 'image' | 'video';

const ACCEPT: Record<LibraryMode, string> = {
  all: '.jpg,.jpeg,.png,.gif,.svg,.pdf,.docx,.doc,.pptx,.potx,.xlsx,.xls,.csv,.pptm,.mp4,.zip,.txt',
  image: '.jpg,.jpeg,.png,.gif,.svg',
  video: '.mp4',
};

interface Upload {
  name: string;
  progress: number;
  error?: string;
}

/** One file at a time by XMLHttpRequest, so each gets its own progress bar. */
function sendFile(file: File, mode: LibraryMode, onProgress: (p: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/gallery/upload?type=${mode}`);
    const csrf = csrfToken();
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.setRequestHeader('Accept-Language', localeStore.get());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status < 300
        ? resolve()
        : reject(new Error((xhr.response as { message?: string } | null)?.message ?? 'app.errors.unknown'));
    xhr.onerror = () => reject(new Error('app.errors.unknown'));
    const body = new FormData();
    body.append('files', file, file.name);
    xhr.send(body);
  });
}

/**
 * The library's shared body: drop or pick files (each with its progress), a paged grid of 20 with
 * search and type filter. `onFile` is what a click on a file does; `isChosen` marks chosen files.
 */
export function LibraryBrowser({
  mode,
  enabled = true,
  onFile,
  isChosen,
}: {
  mode: LibraryMode;
  enabled?: boolean;
  onFile: (file: LibraryFile) => void;
  isChosen?: (file: LibraryFile) => boolean;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<LibraryMode>(mode);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const shownType = mode === 'all' ? type : mode;

  const { data, isPending, isError } = useQuery({
    queryKey: ['gallery', shownType, page, search],
    enabled,
    queryFn: async () => {
      const q = new URLSearchParams({ type: shownType, page: String(page), limit: '20', s: search });
      return (await (await apiFetch(`/gallery?${q}`)).json()) as LibraryPage;
    },
  });

  const uploadAll = async (files: File[]) => {
    if (!files.length) return;
    setUploads(files.map((f) => ({ name: f.name, progress: 0 })));
    for (const [i, file] of files.entries()) {
      const set = (patch: Partial<Upload>) =>
        setUploads((all) => all.map((u, j) => (j === i ? { ...u, ...patch } : u)));
      try {
        await sendFile(file, mode, (progress) => set({ progress }));
        set({ progress: 100 });
      } catch (error) {
        set({ error: translate((error as Error).message, { _: (error as Error).message }) });
      }
    }
    setPage(0);
    // A list still on its way was asked before these files were saved: dropped, then asked again.
    // (Invalidating alone lets a first fetch still in flight stand, and the new files never showed.)
    await queryClient.cancelQueries({ queryKey: ['gallery'] });
    await queryClient.invalidateQueries({ queryKey: ['gallery'] });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void uploadAll([...e.dataTransfer.files]);
  };

  return (
    <>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          mb: 2,
        }}
      >
        <UploadIcon color="action" />
        <Typography>{translate('app.media.drop')}</Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {ACCEPT[mode].replace(/\./g, ' ').toUpperCase()}
        </Typography>
        <Button variant="outlined" sx={{ mt: 1 }} startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {translate('app.media.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          name="library-files"
          accept={ACCEPT[mode]}
          onChange={(e) => {
            void uploadAll([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }}
        />
        {uploads.length > 0 && (
          <Stack spacing={1} sx={{ mt: 2, textAlign: 'start' }}>
            <Typography variant="body2">
              {translate('app.media.uploaded', {
                done: uploads.filter((u) => u.progress === 100 && !u.error).length,
                total: uploads.length,
              })}
            </Typography>
            {uploads.map((u, i) => (
              <Box key={i}>
                <Typography variant="caption" color={u.error ? 'error' : 'text.secondary'}>
                  <bdi>{u.name}</bdi> {u.error ? `: ${u.error}` : `${u.progress}%`}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={u.progress}
                  color={u.error ? 'error' : 'primary'}
                  aria-label={u.name}
                />
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={translate('ra.action.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
        {mode === 'all' && (
          <TextField
            size="small"
            select
            label={translate('app.media.type')}
            value={type}
            onChange={(e) => {
              setType(e.target.value as LibraryMode);
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
          >
            {(['all', 'image', 'video'] as const).map((m) => (
              <MenuItem key={m} value={m}>
                {translate(`app.media.types.${m}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {isError && <Typography color="error">{translate('app.media.load_failed')}</Typography>}
      {isPending && enabled && <LinearProgress />}
      {data && data.galleries.length === 0 && (
        <Typography color="text.secondary">{translate('app.media.empty')}</Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2 }}>
        {data?.galleries.map((file) => {
          const chosen = isChosen?.(file) ?? false;
          return (
            <Card
              key={file._id}
              variant="outlined"
              sx={{ borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}
            >
              <CardActionArea
                onClick={() => onFile(file)}
                aria-pressed={isChosen ? chosen : undefined}
                aria-label={file.name}
              >
                <FilePreview file={file} height={110} />
                <Stack direction="row" sx={{ alignItems: 'center', px: 0.5, minHeight: 38 }}>
                  {isChosen && <Checkbox size="small" checked={chosen} tabIndex={-1} disableRipple />}
                  <Typography variant="caption" noWrap title={file.name} sx={{ px: isChosen ? 0 : 0.5 }}>
                    <bdi>{file.name}</bdi>
                  </Typography>
                </Stack>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      {data && data.totalPages > 1 && (
        <Pagination sx={{ mt: 2 }} count={data.totalPages} page={page + 1} onChange={(_, p) => setPage(p - 1)} />
      )}
    </>
  );
}

/** A file's picture: its thumbnail, or an icon for videos and documents. */
export function FilePreview({ file, height }: { file: LibraryFile; height: number }) {
  return file.type === 'image' ? (
    <CardMedia
      component="img"
      image={file.thumb ?? file.path}
      alt={file.alt || file.name}
      sx={{ height, objectFit: 'cover' }}
    />
  ) : (
    <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
      {file.type === 'video' ? <MovieIcon fontSize="large" /> : <FileIcon fontSize="large" />}
    </Box>
  );
}

/** The full-screen media library for choosing files, up to `limit` ('Too many files are selected.'). */
export function MediaLibrary({
  open,
  mode,
  limit,
  onClose,
  onChoose,
}: {
  open: boolean;
  mode: LibraryMode;
  limit: number;
  onClose: () => void;
  onChoose: (files: LibraryFile[]) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [selected, setSelected] = useState<LibraryFile[]>([]);

  const toggle = (file: LibraryFile) => {
    if (selected.some((f) => f._id === file._id)) return setSelected(selected.filter((f) => f._id !== file._id));
    if (selected.length >= limit) return notify('app.media.limit', { type: 'warning' });
    setSelected([...selected, file]);
  };

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="media-title">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label={translate('ra.action.close')}>
            <CloseIcon />
          </IconButton>
          <Typography id="media-title" variant="h6" sx={{ flex: 1 }}>
            {translate('app.media.title')}
          </Typography>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          <Button
            variant="contained"
            disabled={!selected.length}
            onClick={() => {
              onChoose(selected);
              setSelected([]);
            }}
          >
            {translate('app.media.add', { smart_count: selected.length })}
          </Button>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2 }}>
        <LibraryBrowser
          mode={mode}
          enabled={open}
          onFile={toggle}
          isChosen={(file) => selected.some((f) => f._id === file._id)}
        />
      </Box>
    </Dialog>
  );
}

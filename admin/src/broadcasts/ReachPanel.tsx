import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { BroadcastPreview, BroadcastRendered } from '@platform/contract';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiFetch } from '../common/api';

/** What the preview reads from the form: the text so far, the channels and the segment. */
export type ComposeValues = {
  subject_ar?: string;
  subject_en?: string;
  body_ar?: string;
  body_en?: string;
  channels?: string[];
  segment?: Record<string, unknown>;
};

/** The form's values as the preview takes them (empty filters left out). */
function previewBody(values: ComposeValues) {
  const segment = Object.fromEntries(
    Object.entries(values.segment ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  return JSON.stringify({
    subject_ar: values.subject_ar ?? '',
    subject_en: values.subject_en ?? '',
    body_ar: values.body_ar ?? '',
    body_en: values.body_en ?? '',
    channels: values.channels ?? [],
    segment,
  });
}

/**
 * Whom the message reaches and how it reads, asked of the API as the form changes (after a short
 * pause): the segment is computed on the server, and a rule it breaks (a sub-admin's segment too
 * broad) is the API's message, shown here before anyone presses Send.
 */
export function usePreview(values: ComposeValues) {
  const body = previewBody(values);
  const [state, setState] = useState<{ preview: BroadcastPreview | null; error: string | null; loading: boolean }>({
    preview: null,
    error: null,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      apiFetch('/admin/broadcasts/preview', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
        .then((r) => r.json())
        .then((preview: BroadcastPreview) => live && setState({ preview, error: null, loading: false }))
        .catch((error: Error) => live && setState({ preview: null, error: error.message, loading: false }));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [body]);
  return state;
}

function Figure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant={strong ? 'h5' : 'h6'} component="div">
        {value}
      </Typography>
    </Box>
  );
}

export function ReachPanel({ state }: { state: ReturnType<typeof usePreview> }) {
  const translate = useTranslate();
  const { preview, error, loading } = state;
  return (
    <Card variant="outlined" sx={{ width: '100%' }} aria-live="polite" aria-busy={loading} id="broadcast-reach">
      <CardContent>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2">
            {translate('app.broadcast.reach')}
          </Typography>
          {loading && <CircularProgress size={16} aria-label={translate('app.broadcast.reach_loading')} />}
        </Stack>
        {error ? (
          <Alert severity="warning">{error}</Alert>
        ) : preview ? (
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label={translate('app.broadcast.messages')} value={preview.reach.messages} strong />
            <Figure label={translate('app.broadcast.whatsapp')} value={preview.reach.whatsapp} />
            <Figure label={translate('app.broadcast.email')} value={preview.reach.email} />
            <Figure label={translate('app.broadcast.matched')} value={preview.reach.matched} />
            <Figure label={translate('app.broadcast.unreachable')} value={preview.reach.unreachable} />
            <Figure label={translate('app.broadcast.unsubscribed')} value={preview.reach.unsubscribed} />
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.broadcast.reach_hint')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Rendered({
  lang,
  rendered,
  channels,
}: {
  lang: 'ar' | 'en';
  rendered: BroadcastRendered;
  channels: string[];
}) {
  const translate = useTranslate();
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const text = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 260 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {translate(`app.broadcast.lang_${lang}`)}
        </Typography>
        {channels.includes('email') && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="overline" component="h4">
              {translate('app.broadcast.email')}
            </Typography>
            <Box lang={lang} dir={dir} sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
              <Typography fontWeight="bold" sx={text}>
                {rendered.subject}
              </Typography>
              <Typography variant="body2" sx={{ ...text, mt: 1 }}>
                {rendered.email}
              </Typography>
            </Box>
          </Box>
        )}
        {channels.includes('whatsapp') && (
          <Box>
            <Typography variant="overline" component="h4">
              {translate('app.broadcast.whatsapp')}
            </Typography>
            <Box lang={lang} dir={dir} sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
              <Typography variant="body2" sx={text}>
                {rendered.whatsapp}
              </Typography>
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** The message as each language's recipients will read it, by each chosen channel. */
export function PreviewPanel({ state, channels }: { state: ReturnType<typeof usePreview>; channels: string[] }) {
  const translate = useTranslate();
  if (!state.preview) return null;
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.broadcast.preview')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Rendered lang="ar" rendered={state.preview.rendered.ar} channels={channels} />
        <Rendered lang="en" rendered={state.preview.rendered.en} channels={channels} />
      </Stack>
    </Box>
  );
}

import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { Form, useRevalidator } from '@remix-run/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '~/i18n';

/**
 * A multipart form that shows how much of the file has been sent. With JavaScript it sends by
 * XMLHttpRequest (the only browser API that reports upload progress) to `/accounts/upload` and
 * revalidates the page; without JavaScript it is a plain form posted to the page's own action.
 */
export function UploadForm({ intent, children }: { intent: string; children: ReactNode }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = event.currentTarget;
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/accounts/upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      const body = xhr.response as { ok?: boolean; message?: string } | null;
      if (xhr.status === 200 && body?.ok) {
        setError(null);
        form.reset();
        revalidator.revalidate();
      } else {
        setError(body?.message ?? t('account.failed'));
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(t('account.failed'));
    };
    setError(null);
    setProgress(0);
    xhr.send(new FormData(form));
  }

  return (
    <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} aria-busy={progress !== null}>
      <input type="hidden" name="intent" value={intent} />
      <fieldset disabled={progress !== null} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
      {progress !== null && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress variant="determinate" value={progress} aria-label={t('account.uploading')} />
          <Typography variant="caption" color="text.secondary">
            {t('account.uploading')} {progress}%
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Form>
  );
}

import { Form, useRevalidator } from '@remix-run/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';

/**
 * A multipart form that shows how much of the file has been sent. With JavaScript it sends by
 * XMLHttpRequest (the only browser API that reports upload progress) to `/accounts/upload` and
 * revalidates the page; without JavaScript it is a plain form posted to the page's own action.
 */
export function UploadForm({
  intent,
  maxBytes,
  onDone,
  children,
}: {
  intent: string;
  /** The largest file the API takes here: a bigger one is refused at once, before anything is sent. */
  maxBytes?: number;
  /** Called after a successful upload (the page can hide its upload button). */
  onDone?: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** The first chosen file over maxBytes, cleared from its box with a message. */
  function tooBig(form: HTMLFormElement): boolean {
    if (!maxBytes) return false;
    for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[type=file]'))) {
      if (Array.from(input.files ?? []).some((f) => f.size > maxBytes)) {
        input.value = '';
        setError(t('ui.picture_too_big', { max: Math.round(maxBytes / 1024 / 1024) }));
        return true;
      }
    }
    return false;
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if ((event.target as HTMLInputElement).type !== 'file') return;
    if (!tooBig(event.currentTarget)) setError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = event.currentTarget;
    if (tooBig(form)) return;
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
        onDone?.();
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
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={progress !== null}
    >
      <input type="hidden" name="intent" value={intent} />
      <fieldset disabled={progress !== null} className="bare-fieldset">
        {children}
      </fieldset>
      {progress !== null && (
        <div className="mt-1" role="status">
          <progress className="upload-progress" max={100} value={progress} aria-label={t('account.uploading')} />
          <span className="t-caption muted">
            {t('account.uploading')} {progress}%
          </span>
        </div>
      )}
      {error && (
        <Alert severity="error" className="mt-1">
          {error}
        </Alert>
      )}
    </Form>
  );
}

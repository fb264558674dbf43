import { Alert } from '~/ui/Alert';
import type { Toast } from '~/utils/session.server';

/** A one-time message after a redirect; rendered by the server, so it shows without JavaScript. */
export function ToastBar({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <div className="container container-lg mt-2">
      <Alert severity={toast.type} role="status" variant="filled">
        {toast.text}
      </Alert>
    </div>
  );
}

import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

// The editor (tiptap, ProseMirror) is a large download: it loads only when a form with rich text opens.
const RichTextInput = lazy(() => import('./RichTextEditor'));

export function LazyRichTextInput(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ my: 2, width: '100%' }} />}>
      <RichTextInput {...props} />
    </Suspense>
  );
}

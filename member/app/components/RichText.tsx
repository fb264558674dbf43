import { Box } from '@mui/material';

/**
 * HTML written in the back-office editors. The API sanitizes it when it is saved (no scripts, event
 * handlers or `javascript:` links), so it is rendered as stored.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Box
      className="rich-text"
      sx={{
        lineHeight: 1.8,
        overflowWrap: 'anywhere',
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& a': { color: 'primary.main' },
        '& blockquote': {
          borderInlineStart: 4,
          borderColor: 'divider',
          m: 0,
          paddingInlineStart: 2,
          color: 'text.secondary',
        },
        '& pre': { overflowX: 'auto', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

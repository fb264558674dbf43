/**
 * HTML written in the back-office editors. The API sanitizes it when it is saved (no scripts, event
 * handlers or `javascript:` links), so it is rendered as stored. Its look is `.rich-text` in app.css.
 */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

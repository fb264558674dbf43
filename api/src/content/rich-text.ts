import type sanitizeHtml from 'sanitize-html';

// Loaded with the first rich text, not at start: it brings an HTML parser and PostCSS (docs/testing.md, "Test time").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sanitize = () => require('sanitize-html') as typeof import('sanitize-html');

/**
 * Rich text from the back-office editors, cleaned when saved: the editor's formatting survives,
 * scripts, event handlers, styles, iframes and `javascript:` links do not. The member site renders
 * what is stored as is, so this is the only gate.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitize()(html, OPTIONS).trim();
}

/** True when the HTML holds no text or picture (an editor's empty `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && sanitize()(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}

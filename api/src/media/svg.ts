import createDOMPurify, { type WindowLike } from 'dompurify';

/**
 * Uploaded SVGs through DOMPurify (its SVG and SVG-filter profiles) on a jsdom window: the file is
 * parsed as a browser parses it, not read with regular expressions (a quoted `>` in an attribute ended
 * the old hand-written filter's view of a tag, and `onload` after it went through). What is stored is
 * the sanitizer's own output, serialized as XML, so nothing it did not allow is ever served.
 *
 * The file is refused, not cleaned, when the sanitizer had to take out an element, an event handler or
 * a link (staff learn that their file was more than a drawing); attributes it does not know (an
 * editor's own, `inkscape:…`) are dropped quietly. Links may only point inside the file (`#id`), and
 * no attribute or style sheet may load anything (`url(…)` outside the file, `@import`, CSS escapes).
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * One window for the process: DOMPurify is synchronous, each call runs to its end on it. jsdom is
 * loaded with the first SVG, not at start (its loading was a sixth of the API's, in every process and
 * every API test file).
 */
let purifier: { purify: ReturnType<typeof createDOMPurify>; serializer: { serializeToString(node: unknown): string } };
function load() {
  if (!purifier) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const { window } = new JSDOM('');
    const purify = createDOMPurify(window as unknown as WindowLike);
    // A link may only point inside the file (`#id`): another is taken out, and so the file is refused.
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (/(^|:)href$/i.test(data.attrName) && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
    });
    purifier = { purify, serializer: new window.XMLSerializer() };
  }
  return purifier;
}

/** Removals that mean the file did something besides drawing: an element, an event handler, a link. */
const ACTIVE_ATTRIBUTE = /^on|href$|^src$|^action$|^formaction$/i;
/** What loads something from outside the file, in a style sheet or an attribute (fill="url(…)"). */
const LOADS = /@import|url\(\s*(?!['"]?\s*#)|expression\(|\\/i;
/** The parser's own wrapper elements, which the sanitizer lists as removed every time. */
const WRAPPERS = new Set(['HTML', 'HEAD', 'BODY']);

/** The SVG as it will be stored (sanitized, XML), or null when it is not a plain drawing. */
export function sanitizeSvg(text: string): string | null {
  const { purify, serializer } = load();
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `<use href="#id">` repeats a shape of the file; the hook above keeps it inside the file.
    ADD_TAGS: ['use'],
    RETURN_DOM: true,
  }) as Element;
  for (const removed of purify.removed as { element?: { nodeName: string }; attribute?: { name: string } | null }[]) {
    if (removed.element && !WRAPPERS.has(removed.element.nodeName.toUpperCase())) return null;
    if (removed.attribute && ACTIVE_ATTRIBUTE.test(removed.attribute.name)) return null;
  }
  const drawings = [...body.children];
  if (drawings.length !== 1 || drawings[0].namespaceURI !== SVG_NS || drawings[0].localName !== 'svg') return null;
  const svg = drawings[0];
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    if (element.localName === 'style' && LOADS.test(element.textContent ?? '')) return null;
    for (const attribute of element.attributes) if (LOADS.test(attribute.value)) return null;
  }
  return serializer.serializeToString(svg);
}

/** Whether an SVG passes the sanitizer whole (see sanitizeSvg). */
export function isPlainSvg(text: string): boolean {
  return sanitizeSvg(text) !== null;
}

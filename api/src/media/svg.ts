/**
 * Whether an SVG is plain drawing: an allow-list, not a filter of known attacks. An SVG passes only
 * when every element is a drawing element, no attribute is an event handler, every link points
 * inside the file (`#id`), and nothing anywhere (entity-encoded or not) names a script-capable URL
 * scheme. Document types and entity declarations are refused outright (they could define anything).
 */

const ELEMENTS = new Set(
  [
    'svg',
    'g',
    'defs',
    'title',
    'desc',
    'metadata',
    'symbol',
    'use',
    'path',
    'rect',
    'circle',
    'ellipse',
    'line',
    'polyline',
    'polygon',
    'text',
    'tspan',
    'textPath',
    'lineargradient',
    'radialgradient',
    'stop',
    'clippath',
    'mask',
    'pattern',
    'marker',
    'filter',
    'fegaussianblur',
    'feoffset',
    'feblend',
    'fecolormatrix',
    'fecomposite',
    'feflood',
    'femerge',
    'femergenode',
    'femorphology',
    'fedropshadow',
    'style',
  ].map((e) => e.toLowerCase()),
);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  period: '.',
  comma: ',',
  semi: ';',
  equals: '=',
  nbsp: ' ',
};

/** Decodes numeric and named character references (`&#x6A;`, `&#106`, `&colon;`), repeatedly. */
export function decodeEntities(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i += 1) {
    const next = current.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return Object.hasOwn(NAMED, ref.toLowerCase()) ? NAMED[ref.toLowerCase()] : whole;
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Script-capable URL schemes and CSS that loads or runs something, once decoded and without the blanks browsers skip. */
const ACTIVE = /javascript:|vbscript:|livescript:|expression\(|@import|behavior:|-moz-binding/i;

export function isPlainSvg(text: string): boolean {
  if (/<!doctype|<!entity|<\?xml-stylesheet/i.test(text)) return false;
  // Every tag: its name is allowed, no attribute is an event handler, links stay in the file.
  for (const tag of text.matchAll(/<\s*([A-Za-z][\w:.-]*)([^>]*)>/g)) {
    const name = tag[1].toLowerCase().replace(/^svg:/, '');
    if (!ELEMENTS.has(name)) return false;
    for (const attr of tag[2].matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/g)) {
      const attrName = attr[1].toLowerCase();
      const value = decodeEntities(attr[2].replace(/^["']|["']$/g, '')).trim();
      if (attrName.startsWith('on')) return false;
      if (/(^|:)href$/.test(attrName) && !value.startsWith('#')) return false;
    }
  }
  // Browsers skip control characters and blanks inside a scheme: `java&#9;script:` still runs.
  // eslint-disable-next-line no-control-regex
  const flat = decodeEntities(text).replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  return !ACTIVE.test(flat);
}

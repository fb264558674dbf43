/**
 * What a file is, read from its bytes, never from its name or the browser's content type. Each
 * extension we accept maps to a check of the bytes; a file passes only when its bytes fit the
 * extension it claims (an HTML page renamed .png fails, a PNG renamed .pdf fails).
 */

const startsWith = (bytes: Buffer, magic: number[], offset = 0) =>
  bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const isZip = (b: Buffer) => startsWith(b, ZIP) || startsWith(b, EMPTY_ZIP);
/** An Office Open XML package: a zip holding [Content_Types].xml and the application's folder. */
const isOoxml = (folder: string) => (b: Buffer) =>
  startsWith(b, ZIP) && b.includes('[Content_Types].xml', 0, 'latin1') && b.includes(folder, 0, 'latin1');

/** Text: no NUL byte and valid UTF-8 (with or without BOM). */
export function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const isSvg = (b: Buffer) => isText(b) && /<svg[\s>]/i.test(b.subarray(0, 4096).toString('utf8'));

const CHECKS: Record<string, (bytes: Buffer) => boolean> = {
  pdf: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]), // %PDF-
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61,
  svg: isSvg,
  mp4: (b) => startsWith(b, [0x66, 0x74, 0x79, 0x70], 4), // ....ftyp
  zip: isZip,
  docx: isOoxml('word/'),
  xlsx: isOoxml('xl/'),
  pptx: isOoxml('ppt/'),
  pptm: isOoxml('ppt/'),
  potx: isOoxml('ppt/'),
  doc: (b) => startsWith(b, CFB),
  xls: (b) => startsWith(b, CFB),
  ppt: (b) => startsWith(b, CFB),
  csv: isText,
  txt: isText,
};

export const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pptm: 'application/vnd.ms-powerpoint.presentation.macroEnabled.12',
  potx: 'application/vnd.openxmlformats-officedocument.presentationml.template',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** The lower-case extension of a file name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1].toLowerCase() : '';
}

/**
 * The extension a file really has: its name's extension when that is in `allowed` and its bytes
 * match it, otherwise null.
 */
export function sniff(name: string, bytes: Buffer, allowed: readonly string[]): string | null {
  const ext = extensionOf(name);
  if (!allowed.includes(ext)) return null;
  const check = CHECKS[ext];
  return check && check(bytes) ? ext : null;
}

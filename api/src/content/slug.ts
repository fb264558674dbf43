/**
 * The slug of an English name (spec: trim, lower-case; accents and separators become hyphens; only
 * letters, digits, spaces and hyphens stay; spaces become hyphens; repeated hyphens collapse). An
 * accented letter keeps its base letter ("Café" → "cafe"), as a reader expects.
 */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_./\\,:;|+&]+/g, '-')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

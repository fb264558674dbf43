/** An ILIKE pattern for "contains": `%` and `_` typed by a person are literal characters, not wildcards. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

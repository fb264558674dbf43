/**
 * A score form's fields as the API reads them: the round as a number, the rubric's points (fields
 * `points.<criterion>`) as one object, empty fields left out. Used by the page's action and by the
 * phone's queue of scores (which posts the same form when the network returns).
 */
export function scoreBody(fields: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const points: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (typeof value !== 'string' || name === 'intent') continue;
    if (name.startsWith('points.')) points[name.slice(7)] = value;
    else if (value.trim() !== '') body[name] = name === 'round' ? Number(value) : value.trim();
  }
  if (Object.keys(points).length) body.points = points;
  return body;
}

/**
 * What the API and the member server both send or write about HTTP: the browser features the
 * platform never uses (Permissions-Policy), and the one redaction of secrets in request URLs that
 * both servers' logs go through.
 */

/** Browser features no page of the platform uses, turned off for it and anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * The judges' event-day pages (`/judging/…` on the member site) read a team's QR code with the
 * phone's camera: the camera is allowed there for the site itself (never for a frame); every other
 * feature stays off.
 */
export const PERMISSIONS_POLICY_CAMERA = PERMISSIONS_POLICY.replace('camera=()', 'camera=(self)');

/** Names of query parameters and fields whose values never reach a log (tokens, passwords, codes, keys). */
const SECRET_NAME = /token|password|secret|jwt|^(pass|code|otp|key|api_?key|authori[sz]ation|signature|sig)$/i;
export const REDACTED = '[redacted]';

export const isSecretName = (name: string) => SECRET_NAME.test(name);

/**
 * The paths that carry a secret in a segment, on the API and the member site: the segments before it
 * (compared decoded and in any case, as both servers route) and where the secret is. The verify and
 * reset pages' segment is not one: it is a digest of a ticket that works only with its session.
 */
const SECRET_SEGMENTS: { before: string[]; at: number }[] = [
  // A minor's guardian answers by a single-use link: the API's routes and the member page.
  { before: ['api', 'team-invitations', 'guardian'], at: 3 },
  { before: ['invitations'], at: 1 },
  // The partner embed: /embeded/login/{client id}/{key}.
  { before: ['embeded', 'login'], at: 3 },
  // The sandbox provider's payment page: its reference pays the order.
  { before: ['api', 'sandbox', 'pay'], at: 3 },
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** A path with the secret segment of a route that carries one replaced (a `.data` suffix and all). */
function redactPath(path: string): string {
  const parts = path.split('/');
  // Empty segments (`//api//x`) are skipped as the routers skip them.
  const named = parts.map((part, index) => ({ part, index })).filter(({ part }) => part !== '');
  for (const { before, at } of SECRET_SEGMENTS) {
    if (named.length <= at || !before.every((name, i) => decoded(named[i].part) === name)) continue;
    parts[named[at].index] = REDACTED;
    return parts.join('/');
  }
  return path;
}

/**
 * A URL (or a path with a query) as a log may show it: the secret segment of a route that carries one
 * replaced, and the values of secret query parameters. The API's access log and the member server's
 * logs both write URLs through this.
 */
export function redactUrl(url: string): string;
export function redactUrl(url: string | undefined): string | undefined;
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const at = url.indexOf('?');
  const path = redactPath(at < 0 ? url : url.slice(0, at));
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_NAME.test(name)) continue;
    params.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${path}?${params.toString()}` : `${path}${url.slice(at)}`;
}

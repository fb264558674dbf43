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

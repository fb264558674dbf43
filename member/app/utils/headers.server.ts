import { randomBytes } from 'node:crypto';
import { PERMISSIONS_POLICY, PERMISSIONS_POLICY_CAMERA } from '@platform/contract';
import { env } from './env.server';

/** A fresh nonce for one page: only scripts carrying it run. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The member pages' Content-Security-Policy. Scripts: Remix's own inline scripts and modules carry
 * the page's nonce (no 'unsafe-inline', no eval). Styles: the site's built stylesheets ('self') and no
 * style tag, except under Vite's development server (`npm run dev -w member`), which injects the
 * stylesheets as style tags; style attributes that React renders stay allowed (style-src-attr).
 * Pictures may come from other https sites (the learning provider's course images). No form-action:
 * a plan's payment form goes on to the provider's page. Framing: only this site, unless the route named its own frame-ancestors
 * (the partner embed names the partner's origins).
 */
export function contentSecurityPolicy(nonce: string, routePolicy: string | null): string {
  const frameAncestors = /frame-ancestors[^;]*/.exec(routePolicy ?? '')?.[0] ?? "frame-ancestors 'self'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    import.meta.env?.DEV ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    frameAncestors,
  ].join('; ');
}

/** Production answers over https tell browsers to use HTTPS only, for a year, subdomains included (as the API does). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers every member page and data answer carries. HSTS only over https: the request's URL
 * says so when the browser's connection was (Express reads X-Forwarded-Proto from the proxies that
 * TRUST_PROXY_HOPS believes); on plain http a browser ignores it and a scanner reports it.
 */
export function setHardeningHeaders(headers: Headers, request: Request) {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'same-origin');
  const path = new URL(request.url).pathname;
  // The judge's check-in reads the team's QR code with the camera; no other page may.
  headers.set('Permissions-Policy', path.startsWith('/judging/') ? PERMISSIONS_POLICY_CAMERA : PERMISSIONS_POLICY);
  if (env.production && new URL(request.url).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
}

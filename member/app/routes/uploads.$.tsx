import type { LoaderFunctionArgs } from '@remix-run/node';
import { env } from '~/utils/env.server';

/**
 * Uploaded pictures (/uploads/users/…, /uploads/imgvgallery/…) come from the API; the browser
 * only ever talks to this site, so this passes them through, headers included.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const path = params['*'] ?? '';
  if (!/^[\w\-/.]+$/.test(path) || path.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    throw new Response('Not Found', { status: 404 });
  }
  const origin = new URL(env.apiUrl).origin;
  const upstream = await fetch(`${origin}/uploads/${path}`, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
  if (!upstream || !upstream.ok || !upstream.body)
    throw new Response('Not Found', { status: upstream?.status === 404 ? 404 : 502 });
  const headers = new Headers();
  for (const name of [
    'content-type',
    'content-length',
    'cache-control',
    'etag',
    'last-modified',
    'content-disposition',
    'content-security-policy',
  ]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(upstream.body, { status: 200, headers });
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/utils/auth.server';
import { env } from '~/utils/env.server';

/** Downloads one of the member's research files; the API checks that it is theirs. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request, ['student', 'coach', 'entity']);
  const id = params.id ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Response('Not Found', { status: 404 });
  const upstream = await fetch(`${env.apiUrl}/research/${id}/file`, {
    headers: { Authorization: token },
    signal: AbortSignal.timeout(60_000),
  }).catch(() => null);
  if (!upstream?.ok || !upstream.body)
    throw new Response('Not Found', { status: upstream?.status === 404 ? 404 : 502 });
  const headers = new Headers({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' });
  for (const name of ['content-type', 'content-length', 'content-disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}

import type { LoaderFunctionArgs } from '@remix-run/node';
import { clientHeaders } from '~/utils/api.server';
import { env } from '~/utils/env.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The leaderboard's server-sent events, passed through from the API (the browser talks to the member
 * server only). `no-transform` keeps the compression middleware from holding the events back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!UUID.test(params.id ?? '')) throw new Response('Not Found', { status: 404 });
  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}/public/events/${params.id}/stream`, {
      headers: { Accept: 'text/event-stream', ...clientHeaders(request) },
      signal: request.signal,
    });
  } catch {
    throw new Response('Unavailable', { status: 503 });
  }
  if (!upstream.ok || !upstream.body) {
    // Over the API's cap on live viewers (LEADERBOARD_STREAMS): the page tries again after Retry-After.
    const retry = upstream.headers.get('retry-after');
    throw new Response(null, {
      status: upstream.status === 404 ? 404 : 503,
      headers: retry ? { 'Retry-After': retry } : undefined,
    });
  }
  // The viewer leaving aborts the upstream call: the stream then just ends (nothing to report).
  const reader = upstream.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel() {
      reader.cancel().catch(() => undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}

import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import type { EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { createEmotionCache } from './theme';

const ABORT_DELAY = 5_000;

/** Streams the page inside an emotion cache of the page's direction (styles are written inline, then hoisted by the client). */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { lang?: string } | undefined;
  const cache = createEmotionCache(rootData?.lang === 'ar' ? 'rtl' : 'ltr');
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <CacheProvider value={cache}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </CacheProvider>,
      {
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          headers.set('X-Content-Type-Options', 'nosniff');
          headers.set('Referrer-Policy', 'same-origin');
          // A page that names who may frame it (the partner embed's frame-ancestors) is not also SAMEORIGIN.
          if (!/frame-ancestors/.test(headers.get('Content-Security-Policy') ?? '')) {
            headers.set('X-Frame-Options', 'SAMEORIGIN');
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

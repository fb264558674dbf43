import { PassThrough } from 'node:stream';
import { CacheProvider } from '@emotion/react';
import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { registerCatalog } from './i18n';
import { ar } from './i18n/ar';
import { en } from './i18n/en';
import { rtlPlugins } from './rtl';
import { createEmotionCache } from './theme';
import { contentSecurityPolicy, newNonce, setHardeningHeaders } from './utils/headers.server';
import { NonceContext } from './utils/nonce';

const ABORT_DELAY = 5_000;

// The server holds both languages (the browser loads only its page's: entry.client).
registerCatalog('en', en);
registerCatalog('ar', ar);

/**
 * Streams the page inside an emotion cache of the page's direction (styles are written inline, then
 * hoisted by the client), under a Content-Security-Policy whose nonce its scripts and styles carry.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { lang?: string } | undefined;
  const nonce = newNonce();
  const cache = createEmotionCache(nonce, rootData?.lang === 'ar' ? rtlPlugins : undefined);
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <CacheProvider value={cache}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </CacheProvider>
      </NonceContext.Provider>,
      {
        // React's own streaming scripts (Suspense boundaries) carry the nonce too.
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          setHardeningHeaders(headers);
          // Pages are asked for again each time (a route may say no-store); only hashed assets are cached.
          if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
          const routePolicy = headers.get('Content-Security-Policy');
          // A page that names who may frame it (the partner embed's frame-ancestors) is not also SAMEORIGIN.
          if (!/frame-ancestors/.test(routePolicy ?? '')) headers.set('X-Frame-Options', 'SAMEORIGIN');
          headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, routePolicy));
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

/** Data answers (client navigations, form posts) carry the same hardening headers as pages. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  setHardeningHeaders(response.headers);
  return response;
};

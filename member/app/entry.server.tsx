import { PassThrough } from 'node:stream';
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node';
import { redactUrl } from '@platform/contract';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { registerCatalog } from './i18n';
import { ar } from './i18n/ar';
import { en } from './i18n/en';
import { contentSecurityPolicy, newNonce, setHardeningHeaders } from './utils/headers.server';
import { NonceContext } from './utils/nonce';

const ABORT_DELAY = 5_000;

// The server holds both languages (the browser loads only its page's: entry.client).
registerCatalog('en', en);
registerCatalog('ar', ar);

/**
 * Streams the page under a Content-Security-Policy whose nonce its scripts carry. Its styles are the
 * static stylesheets Vite built (app.css, forms.css): nothing is written into the page at render.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const nonce = newNonce();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // React's own streaming scripts (Suspense boundaries) carry the nonce too.
        nonce,
        // The page goes out whole, in one piece: its loaders have all answered before the render, so
        // streaming it would only cut it into dozens of writes, each compressed and sent on its own.
        onAllReady() {
          shellRendered = true;
          clearTimeout(timer);
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          headers.set('Content-Type', 'text/html; charset=utf-8');
          setHardeningHeaders(headers, request);
          // Pages are asked for again each time (a route may say no-store); only hashed assets are cached.
          if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
          const routePolicy = headers.get('Content-Security-Policy');
          // A page that names who may frame it (the partner embed's frame-ancestors) is not also SAMEORIGIN.
          if (!/frame-ancestors/.test(routePolicy ?? '')) headers.set('X-Frame-Options', 'SAMEORIGIN');
          headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, routePolicy));
          body.on('end', () => resolve(new Response(Buffer.concat(chunks), { headers, status })));
          body.on('error', reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(`[member] ${request.method} ${logged(request.url)}`, error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY + 1000);
  });
}

/** Data answers (client navigations, form posts) carry the same hardening headers as pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setHardeningHeaders(response.headers, request);
  return response;
};

/**
 * What goes to the log: errors, not refusals. The router's own answers to a path no route matches
 * (404) or a post to a page without an action (405) are what any scanner sends, and Remix would log
 * each with a stack; a request the browser gave up on is not an error either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The router's internal answers carry the error that explains them.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(`[member] ${request.method} ${logged(request.url)}`, cause ?? error);
};

/** A request's path and query as the log shows them: without the secret a guardian's link or a partner's key carries. */
function logged(url: string): string {
  const { pathname, search } = new URL(url);
  return redactUrl(`${pathname}${search}`);
}

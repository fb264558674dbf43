import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from '@remix-run/node';
import { redactUrl } from '@platform/contract';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
// The web-streams renderer, not react-dom/server's Node one: react-dom 18's Node renderer encodes text
// into 2 KiB views and, when a multibyte character (Arabic) does not fit at a view's end, sends the
// whole view with its unwritten last byte(s) as NUL bytes (docs/decisions/024-member-html.md).
// The web-streams build encodes each string whole and has no such gap.
import { renderToReadableStream } from 'react-dom/server.browser';
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
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
) {
  const nonce = newNonce();
  let shellRendered = false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY + 1000);
  try {
    const stream = await renderToReadableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        // React's own streaming scripts (Suspense boundaries) carry the nonce too.
        nonce,
        signal: controller.signal,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(`[member] ${request.method} ${logged(request.url)}`, error);
        },
      },
    );
    shellRendered = true;
    // The page goes out whole, in one piece: its loaders have all answered before the render, so
    // streaming it would only cut it into dozens of writes, each compressed and sent on its own.
    await stream.allReady;
    const body = closeAtEnd(Buffer.from(await new Response(stream).arrayBuffer()));
    headers.set('Content-Type', 'text/html; charset=utf-8');
    setHardeningHeaders(headers, request);
    // Pages are asked for again each time (a route may say no-store); only hashed assets are cached.
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
    const routePolicy = headers.get('Content-Security-Policy');
    // A page that names who may frame it (the partner embed's frame-ancestors) is not also SAMEORIGIN.
    if (!/frame-ancestors/.test(routePolicy ?? '')) headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, routePolicy));
    return new Response(new Uint8Array(body), { headers, status });
  } finally {
    clearTimeout(timer);
  }
}

const CLOSE = Buffer.from('</body></html>');

/**
 * Remix's single-fetch data scripts come after the document's `</body></html>` (React streams them
 * once the shell is out). A browser's parser puts whatever follows `</html>` at the end of the body
 * anyway; the page is sent whole, so the closing tags move after those scripts instead: the same DOM,
 * and a document the HTML validator accepts (decision 024).
 */
function closeAtEnd(html: Buffer): Buffer {
  const at = html.indexOf(CLOSE);
  if (at < 0 || at + CLOSE.length === html.length) return html;
  return Buffer.concat([html.subarray(0, at), html.subarray(at + CLOSE.length), CLOSE]);
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

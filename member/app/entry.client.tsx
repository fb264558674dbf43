import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadCatalog, registerCatalog } from './i18n';
import { ensurePageStorage } from './utils/storage.client';

ensurePageStorage();

const lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';

/**
 * Resolves once Remix has decoded the page's data, which single fetch streams into the page.
 * RemixBrowser's first render suspends until then; a tap or a key in that moment (a discrete event)
 * makes React 18 hydrate synchronously, which cannot suspend: React gives up on the whole page
 * ("Root did not complete", error 345; remix-run/remix#10214) and it never comes alive — the sign-up
 * form stayed on its one-page form without JavaScript behind it, on a loaded machine, when the
 * journey typed early. Called once here, before React renders it, RemixBrowser starts that decoding
 * and throws its promise (as it does inside React); once it settles, hydration does not suspend.
 */
async function pageDataDecoded(): Promise<void> {
  const context = (window as { __remixContext?: { future?: { v3_singleFetch?: boolean }; stream?: unknown } })
    .__remixContext;
  if (!context?.future?.v3_singleFetch || !context.stream) return;
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown;
  }
}

// The page's own catalogue, a chunk of its own: an English page never downloads the Arabic one (and the reverse).
void Promise.all([loadCatalog(lang), pageDataDecoded()]).then(([messages]) => {
  registerCatalog(lang, messages);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});

import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadCatalog, registerCatalog } from './i18n';
import { createEmotionCache } from './theme';
import { documentNonce } from './utils/nonce';
import { ensurePageStorage } from './utils/storage.client';

ensurePageStorage();

const lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';

// The page's own catalogue and, for a right-to-left page, emotion's RTL plugins: chunks of their own,
// so an English page downloads neither the Arabic catalogue nor the RTL code (and the reverse).
void Promise.all([
  loadCatalog(lang).then((messages) => registerCatalog(lang, messages)),
  document.documentElement.dir === 'rtl' ? import('./rtl').then((m) => m.rtlPlugins) : undefined,
]).then(([, rtlPlugins]) => {
  const cache = createEmotionCache(documentNonce(), rtlPlugins);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CacheProvider value={cache}>
          <RemixBrowser />
        </CacheProvider>
      </StrictMode>,
    );
  });
});

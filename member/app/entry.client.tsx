import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { loadCatalog, registerCatalog } from './i18n';
import { ensurePageStorage } from './utils/storage.client';

ensurePageStorage();

const lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';

// The page's own catalogue, a chunk of its own: an English page never downloads the Arabic one (and the reverse).
void loadCatalog(lang).then((messages) => {
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

import { CacheProvider } from '@emotion/react';
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createEmotionCache } from './theme';
import { documentNonce } from './utils/nonce';
import { ensurePageStorage } from './utils/storage.client';

ensurePageStorage();

const cache = createEmotionCache(document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr', documentNonce());

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

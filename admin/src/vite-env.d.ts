/// <reference types="vite/client" />

/** The first screen's part of a language's catalogue (vite.config.ts's firstCatalogues). */
declare module 'virtual:first-catalogue/*' {
  import type { TranslationMessages } from 'react-admin';
  const catalogue: TranslationMessages;
  export default catalogue;
}

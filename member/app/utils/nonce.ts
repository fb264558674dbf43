import { createContext, useContext } from 'react';

/** The page's CSP nonce, given by entry.server to the scripts and style tags it renders; empty in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/** In the browser, the nonce of the page's own scripts (for the style tags emotion adds later). */
export function documentNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

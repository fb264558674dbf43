import { createContext, useContext } from 'react';

/** The page's CSP nonce, given by entry.server to the scripts it renders; empty in the browser. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one browser request asks the API, asked once. Remix hands the root loader and the page's
 * loader each its own copy of the request, so the request object cannot be the key: member/serve.mjs
 * runs every request in an AsyncLocalStorage scope (a Map of its own) under this global name.
 */
export const REQUEST_SCOPE = Symbol.for('member.request-scope');

type Scope = Map<string, unknown>;
const scope = () => (globalThis as { [REQUEST_SCOPE]?: AsyncLocalStorage<Scope> })[REQUEST_SCOPE]?.getStore();

// Without serve.mjs (Vite's development server), one scope per request object: the loaders may ask twice.
const byRequest = new WeakMap<Request, Scope>();

/**
 * The value `make` gives, made once per browser request under `key`. An action (a post) may change
 * what was asked, so it is never kept there, and whatever was kept before it is forgotten: the
 * loaders that run after it in the same request (a form posted without JavaScript) ask again.
 */
export function oncePerRequest<T>(request: Request, key: string, make: () => T): T {
  let store = scope();
  if (!store) {
    store = byRequest.get(request) ?? new Map();
    byRequest.set(request, store);
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    store.clear();
    return make();
  }
  if (!store.has(key)) store.set(key, make());
  return store.get(key) as T;
}

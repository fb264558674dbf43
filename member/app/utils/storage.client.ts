/**
 * A browser may refuse a page its storage: Chromium refuses third-party frames (the partner embed
 * framed by a partner's site) when third-party storage is blocked, and then merely reading
 * `window.sessionStorage` throws. Remix reads and writes sessionStorage on its own (route discovery,
 * scroll positions), so where that happens this page gets a store that lasts as long as it does.
 */
class PageStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(String(key)) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(String(key), String(value));
  }
  removeItem(key: string) {
    this.items.delete(String(key));
  }
  clear() {
    this.items.clear();
  }
}

/** Replaces each storage the browser refuses (reading it throws) with one kept in the page's memory. */
export function ensurePageStorage() {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      void window[name].length;
    } catch {
      Object.defineProperty(window, name, { configurable: true, value: new PageStorage() });
    }
  }
}

import { AppError } from '../common/app-error';

export interface ExternalTeamsPage {
  teams: unknown[];
  currentPage: number;
  totalPages: number;
}

/**
 * Reads teams from an external results site (`{site}/api/{type}/get-teams`), for events whose
 * results live elsewhere. Only the API calls it, with a timeout and a short cache, so a slow or
 * broken site costs the dashboard at most one timeout a minute and never reaches the browser.
 */
export class ExternalResults {
  private readonly cache = new Map<string, { at: number; page: ExternalTeamsPage | null }>();

  constructor(
    private readonly timeoutMs = 3000,
    private readonly ttlMs = 60_000,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async teams(site: string, type: string, query: Record<string, string>): Promise<ExternalTeamsPage> {
    const url = `${site.replace(/\/+$/, '')}/api/${encodeURIComponent(type)}/get-teams?${new URLSearchParams(query)}`;
    const hit = this.cache.get(url);
    if (hit && Date.now() - hit.at < this.ttlMs) {
      if (!hit.page) throw new AppError(502, 'teams.external_down');
      return hit.page;
    }
    const page = await this.fetchPage(url);
    this.cache.set(url, { at: Date.now(), page });
    if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value!);
    if (!page) throw new AppError(502, 'teams.external_down');
    return page;
  }

  private async fetchPage(url: string): Promise<ExternalTeamsPage | null> {
    try {
      const res = await this.fetchImpl(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return null;
      const body = (await res.json()) as Partial<ExternalTeamsPage> & { success?: boolean };
      if (!Array.isArray(body.teams)) return null;
      return {
        teams: body.teams.slice(0, 50),
        currentPage: Number(body.currentPage) || 0,
        totalPages: Number(body.totalPages) || 0,
      };
    } catch {
      return null;
    }
  }
}

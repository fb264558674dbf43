import type { CourseView } from '@platform/contract';

/** A course as the API answers it (the contract's shape). */
export type Course = CourseView;

export interface OdooOptions {
  url: string;
  db: string;
  apiKey: string;
  login: string;
  timeoutMs?: number;
  ttlMs?: number;
}

const ODOO_LANG = { en: 'en_US', ar: 'ar_001' } as const;
const FAILED_TTL_MS = 30_000;

/**
 * Published courses (`slide.channel`) of an Odoo eLearning site, read through Odoo's external
 * JSON-RPC API with an API key (never a member's password). Answers are cached briefly per
 * language; a slow or broken site yields an empty list, cached for 30 seconds, so the dashboard
 * never waits on it twice.
 */
export class OdooCourses {
  private uid: number | null = null;
  private readonly cache = new Map<string, { until: number; courses: Course[] }>();
  private readonly inFlight = new Map<string, Promise<Course[]>>();
  private calls = 0;

  constructor(
    private readonly options: OdooOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async list(lang: 'en' | 'ar'): Promise<Course[]> {
    const hit = this.cache.get(lang);
    if (hit && hit.until > Date.now()) return hit.courses;
    let pending = this.inFlight.get(lang);
    if (!pending) {
      pending = this.load(lang).finally(() => this.inFlight.delete(lang));
      this.inFlight.set(lang, pending);
    }
    return pending;
  }

  private async load(lang: 'en' | 'ar'): Promise<Course[]> {
    let courses: Course[] | null = null;
    try {
      this.uid ??= await this.login();
      if (this.uid) courses = await this.read(this.uid, lang);
    } catch {
      courses = null;
    }
    const ttl = courses ? (this.options.ttlMs ?? 300_000) : FAILED_TTL_MS;
    this.cache.set(lang, { until: Date.now() + ttl, courses: courses ?? [] });
    return courses ?? [];
  }

  private async rpc(service: string, method: string, args: unknown[]): Promise<unknown> {
    this.calls += 1;
    const res = await this.fetchImpl(`${this.options.url}/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { service, method, args }, id: this.calls }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 4000),
    });
    if (!res.ok) throw new Error(`Odoo answered ${res.status}`);
    const body = (await res.json()) as { result?: unknown; error?: unknown };
    if (body.error !== undefined || !('result' in body)) throw new Error('Odoo error');
    return body.result;
  }

  private async login(): Promise<number | null> {
    const { db, login, apiKey } = this.options;
    const uid = await this.rpc('common', 'login', [db, login, apiKey]);
    return typeof uid === 'number' && uid > 0 ? uid : null;
  }

  private async read(uid: number, lang: 'en' | 'ar'): Promise<Course[]> {
    const { db, apiKey, url } = this.options;
    const rows = await this.rpc('object', 'execute_kw', [
      db,
      uid,
      apiKey,
      'slide.channel',
      'search_read',
      [[['is_published', '=', true]]],
      {
        fields: ['id', 'name', 'website_url', 'description_short'],
        context: { lang: ODOO_LANG[lang] },
        limit: 12,
        order: 'sequence, id',
      },
    ]);
    if (!Array.isArray(rows)) throw new Error('Odoo answered something else');
    return rows
      .filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && typeof r.id === 'number')
      .map((r) => ({
        id: r.id as number,
        name: String(r.name ?? ''),
        url: `${url}${typeof r.website_url === 'string' ? r.website_url : `/slides/${r.id as number}`}`,
        image: `${url}/web/image/slide.channel/${r.id as number}/image_512`,
        description: String(r.description_short || '')
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 300),
      }));
  }
}

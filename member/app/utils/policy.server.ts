import type { Policy } from '~/components/PolicyPage';
import { api } from './api.server';
import { getLang } from './session.server';

export type Which = 'privacy' | 'terms';
const FIELDS: Record<Which, { ar: string; en: string }> = {
  privacy: { ar: 'privacy', en: 'privacy_en' },
  terms: { ar: 'tearm_condition', en: 'tearm_condition_en' },
};

/** The policy text staff wrote in Settings, in the member's language (the other one if empty). */
export async function loadPolicy(request: Request, which: Which): Promise<Policy> {
  const lang = await getLang(request);
  const res = await api<{ setting: Record<string, string> }>(request, '/settings?site_name=WRO', { lang });
  if (!res.ok) throw new Response('Unavailable', { status: 503 });
  const s = res.data.setting;
  const own = s[FIELDS[which][lang]];
  const other = s[FIELDS[which][lang === 'ar' ? 'en' : 'ar']];
  return { html: own || other || '', updatedAt: s.updated_at ?? null };
}

import { hashPassword } from '../../auth/password';
import { AppError } from '../../common/app-error';
import { partners } from '../../db/schema';
import { FormReader, defined } from '../form';
import { defineResource, type Body } from '../resource';

const CLIENT_ID = /^[A-Za-z0-9._-]{3,64}$/;

/** An origin exactly as a browser sends it: scheme, host, optional port; nothing after. */
export function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
    if (url.origin !== value.trim().replace(/\/$/, '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Origins from a list or from text with one origin per line (or separated by commas or spaces). */
function readOrigins(body: Body): string[] | undefined {
  const raw = body.origins;
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : null;
  if (!list || list.length > 20) throw new AppError(400, 'partner.bad_origin');
  const origins = list.filter((o) => typeof o === 'string' && o.trim()).map((o) => normalOrigin(String(o)));
  if (origins.some((o) => o === null)) throw new AppError(400, 'partner.bad_origin');
  return [...new Set(origins as string[])];
}

async function readPartner(body: Body, creating: boolean) {
  const f = new FormReader(body, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
  const clientId = f.text('client_id', 64);
  if (clientId !== undefined && !CLIENT_ID.test(clientId)) throw new AppError(400, 'partner.client_id');
  const key = f.text('key', 200);
  if (key && key.length < 24) throw new AppError(400, 'partner.key_short');
  const v = {
    name: f.text('name'),
    clientId,
    origins: readOrigins(body),
    status: f.bool('status'),
    keyHash: key ? await hashPassword(key) : undefined,
  };
  if (creating) f.need(v.name, v.clientId, v.keyHash, v.origins?.length ? v.origins : undefined);
  else if (v.name === '' || v.clientId === '' || (v.origins && v.origins.length === 0)) f.need('');
  return defined(v);
}

/**
 * Partner sites that embed the sign-in page (/embeded/login/{client_id}/{key}). The key is stored
 * only as a hash; leaving it empty on edit keeps the old one. The page may be framed by, and posts
 * its message only to, the partner's origins.
 */
export const partnersResource = defineResource<typeof partners.$inferSelect>({
  name: 'partners',
  table: partners,
  id: partners.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [partners.name, partners.clientId],
  sort: { name: partners.name, client_id: partners.clientId, created_at: partners.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: partners.status, type: 'bool' } },
  toggles: ['status'],
  unique: { partners_client_id_unique: 'partner.client_id_taken' },
  create: (body) => readPartner(body, true),
  update: (body) => readPartner(body, false),
  toRecord: (p) => ({
    id: p.id,
    _id: p.id,
    name: p.name,
    client_id: p.clientId,
    origins: p.origins,
    status: p.status,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }),
});

import { hashPassword } from '../../auth/password';
import { AppError } from '../../common/app-error';
import { partners } from '../../db/schema';
import { Bool, Checked, FormText, Required } from '../../common/dto';
import { defined, defineResource } from '../resource';

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

/** A partner site as the back-office form sends it. */
class PartnerDto {
  @Required() @FormText() name?: string;
  @Required() @FormText(64) client_id?: string;
  /** The embedding key; stored only as a hash, and left empty on edit to keep the old one. */
  @FormText(200) key?: string;
  /** A list, or text with one origin per line (checked by readOrigins). */
  @Checked() origins?: unknown;
  @Bool() status?: boolean;
}

/** Origins from a list or from text with one origin per line (or separated by commas or spaces). */
function readOrigins(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : null;
  if (!list || list.length > 20) throw new AppError(400, 'partner.bad_origin');
  const origins = list.filter((o) => typeof o === 'string' && o.trim()).map((o) => normalOrigin(String(o)));
  if (origins.some((o) => o === null)) throw new AppError(400, 'partner.bad_origin');
  return [...new Set(origins as string[])];
}

async function readPartner(p: PartnerDto, creating: boolean) {
  if (p.client_id && !CLIENT_ID.test(p.client_id)) throw new AppError(400, 'partner.client_id');
  if (p.key && p.key.length < 24) throw new AppError(400, 'partner.key_short');
  const v = {
    name: p.name,
    clientId: p.client_id,
    origins: readOrigins(p.origins),
    status: p.status,
    keyHash: p.key ? await hashPassword(p.key) : undefined,
  };
  const missing = creating ? !v.keyHash || !v.origins?.length : v.origins?.length === 0;
  if (missing) throw new AppError(400, creating ? 'admin.fill_form' : 'admin.fill_form_edit');
  return defined(v);
}

/**
 * Partner sites that embed the sign-in page (/embeded/login/{client_id}/{key}). The key is stored
 * only as a hash; leaving it empty on edit keeps the old one. The page may be framed by, and posts
 * its message only to, the partner's origins.
 */
export const partnersResource = defineResource<typeof partners.$inferSelect, PartnerDto>({
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
  input: { create: PartnerDto },
  create: (input) => readPartner(input, true),
  update: (input) => readPartner(input, false),
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

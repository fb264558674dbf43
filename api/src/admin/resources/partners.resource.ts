import type { PartnerRecord } from '@platform/contract';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, Matches, ValidateBy } from 'class-validator';
import { hashPassword } from '../../auth/password';
import { partners } from '../../db/schema';
import { Bool, FormText, isBlank, Required, RequiredOn, told } from '../../common/dto';
import { defined, defineResource } from '../resource';

const CLIENT_ID = /^[A-Za-z0-9._-]{3,64}$/;
/** The shortest embedding key. */
const KEY_MIN = 24;
/** The most origins one partner has. */
const ORIGINS_MAX = 20;

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

/**
 * The origins a partner's page may be framed by: a list, or text with one origin per line (or
 * separated by commas or spaces), blank ones left out; each must be a bare origin (normalOrigin).
 * Put it under Required: nothing left is the form's one message.
 */
function Origins(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => {
      const list: unknown = typeof value === 'string' ? value.split(/[\s,]+/) : value;
      if (!Array.isArray(list)) return list;
      const given = list.filter((o) => !isBlank(typeof o === 'string' ? o.trim() : o));
      return given.length ? given : null;
    })(target, key);
    IsArray(told('partner.bad_origin'))(target, key);
    ArrayMaxSize(ORIGINS_MAX, told('partner.bad_origin'))(target, key);
    ValidateBy(
      { name: 'isOrigin', validator: { validate: (o) => typeof o === 'string' && normalOrigin(o) !== null } },
      { each: true, ...told('partner.bad_origin') },
    )(target, key);
  };
}

/** A partner site as the back-office form sends it. */
class PartnerDto {
  @Required() @FormText() name?: string;
  @Required() @FormText(64) @Matches(CLIENT_ID, told('partner.client_id')) client_id?: string;
  /** The embedding key; stored only as a hash, and left empty on edit to keep the old one. */
  @FormText(200)
  @ValidateBy(
    { name: 'isKey', validator: { validate: (k) => isBlank(k) || String(k).length >= KEY_MIN } },
    told('partner.key_short'),
  )
  key?: string;
  @Required() @Origins() origins?: string[];
  @Bool() status?: boolean;
}

/** A new partner also needs its key. */
const PartnerCreateDto = RequiredOn(PartnerDto, ['key']);

async function readPartner(p: PartnerDto) {
  return defined({
    name: p.name,
    clientId: p.client_id,
    origins: p.origins && [...new Set(p.origins.map((o) => normalOrigin(o)!))],
    status: p.status,
    keyHash: p.key ? await hashPassword(p.key) : undefined,
  });
}

/**
 * Partner sites that embed the sign-in page (/embeded/login/{client_id}/{key}). The key is stored
 * only as a hash; leaving it empty on edit keeps the old one. The page may be framed by, and posts
 * its message only to, the partner's origins.
 */
export const partnersResource = defineResource<typeof partners.$inferSelect, PartnerDto>({
  name: 'partners',
  shapes: { record: 'PartnerRecord' },
  table: partners,
  id: partners.id,
  roles: { read: ['admin'], create: ['admin'], update: ['admin'], delete: ['admin'] },
  search: [partners.name, partners.clientId],
  sort: { name: partners.name, client_id: partners.clientId, created_at: partners.createdAt },
  defaultSort: ['created_at', 'DESC'],
  filters: { status: { column: partners.status, type: 'bool' } },
  toggles: ['status'],
  unique: { partners_client_id_unique: 'partner.client_id_taken' },
  input: { create: PartnerCreateDto, update: PartnerDto },
  create: readPartner,
  update: readPartner,
  toRecord: (p): PartnerRecord => ({
    id: p.id,
    _id: p.id,
    name: p.name,
    client_id: p.clientId,
    origins: p.origins,
    status: p.status,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }),
});

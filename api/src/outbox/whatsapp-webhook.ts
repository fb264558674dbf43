import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta's webhooks for the WhatsApp Cloud API: the signature of a delivery and the message statuses it
 * carries. https://developers.facebook.com/docs/graph-api/webhooks/getting-started (verification,
 * X-Hub-Signature-256) and the WhatsApp `messages` webhook's `statuses` objects.
 */

export const DELIVERY_STATES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface DeliveryStatus {
  /** The message's wamid, as the send's answer gave it (outbox.provider_id). */
  id: string;
  status: DeliveryState;
  at: Date;
  /** For `failed`: Meta's code and title (and details), as staff read it. */
  error?: string;
}

/** Whether two secrets are equal, compared in constant time whatever their lengths (their hashes are compared). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'compare').update(given).digest();
  const b = createHmac('sha256', 'compare').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether `header` (X-Hub-Signature-256: `sha256=<hex>`) is the HMAC-SHA256 of the raw body with the app secret. */
export function validSignature(appSecret: string, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(Buffer.from(rawBody, 'utf8')).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The message statuses of a webhook payload (`object: whatsapp_business_account`,
 * entry[].changes[].value.statuses[]), in order; anything else in it (incoming messages, other fields)
 * is left out, and so is a status that is not one of the four.
 */
export function statusesOf(payload: unknown): DeliveryStatus[] {
  if (!isObject(payload) || payload.object !== 'whatsapp_business_account') return [];
  const out: DeliveryStatus[] = [];
  for (const entry of asArray(payload.entry)) {
    if (!isObject(entry)) continue;
    for (const change of asArray(entry.changes)) {
      if (!isObject(change) || !isObject(change.value)) continue;
      for (const s of asArray(change.value.statuses)) {
        if (!isObject(s) || typeof s.id !== 'string' || !s.id || s.id.length > 200) continue;
        if (!(DELIVERY_STATES as readonly unknown[]).includes(s.status)) continue;
        const seconds = Number(s.timestamp);
        const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
        const status: DeliveryStatus = { id: s.id, status: s.status as DeliveryState, at };
        if (status.status === 'failed') status.error = describeErrors(s.errors);
        out.push(status);
      }
    }
  }
  return out;
}

/** "WhatsApp error 131026: Message undeliverable (details)" from a failed status's errors. */
function describeErrors(errors: unknown): string {
  const first = asArray(errors).find(isObject);
  if (!first) return 'WhatsApp reported the message as failed';
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const code = typeof first.code === 'number' || typeof first.code === 'string' ? String(first.code) : '';
  const title = text(first.title) || text(first.message);
  const details = isObject(first.error_data) ? text(first.error_data.details) : '';
  return `WhatsApp error${code ? ` ${code}` : ''}: ${title}${details && details !== title ? ` (${details})` : ''}`.slice(
    0,
    1000,
  );
}

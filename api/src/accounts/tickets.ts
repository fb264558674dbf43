import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';

export type TicketPurpose = 'verify' | 'reset' | 'claim';

/**
 * How long a ticket lasts: from sign-up or sign-in to a verified phone, from the reset e-mail to the
 * code, from a sign-up refused for an unverified holder of its ID to the code that takes it over.
 */
export const TICKET_TTL_MS: Record<TicketPurpose, number> = {
  verify: 60 * 60_000,
  reset: 30 * 60_000,
  claim: 30 * 60_000,
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Opaque, short-lived tickets that stand for an account in the verification and reset steps (the
 * contract's `user_id` and `user._id`): the account id and an expiry, encrypted and authenticated
 * (AES-256-GCM, key derived from JWT_SECRET, the purpose bound in). Nobody can read the id out of
 * one, forge one, or use a reset ticket to verify; every ticket has the same length, so a ticket
 * for an unknown e-mail looks like any other.
 */
@Injectable()
export class TicketService {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'account-ticket', 'v1', 32));
  }

  issue(purpose: TicketPurpose, userId: string, now = Date.now()): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const payload = `${userId}|${String(now + TICKET_TTL_MS[purpose]).padStart(15, '0')}`;
    const sealed = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The account a ticket stands for; a 400 with a message when it is not one of ours or has expired. */
  open(purpose: TicketPurpose, ticket: string | undefined): string {
    const raw = typeof ticket === 'string' ? Buffer.from(ticket, 'base64url') : Buffer.alloc(0);
    let payload: string;
    try {
      if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('short');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      payload = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new AppError(400, 'ticket.invalid');
    }
    const [userId, expires] = payload.split('|');
    if (!isUuid(userId)) throw new AppError(400, 'ticket.invalid');
    if (Number(expires) < Date.now()) throw new AppError(400, 'ticket.expired');
    return userId;
  }
}

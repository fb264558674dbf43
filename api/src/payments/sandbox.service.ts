import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { AppConfig } from '../core/config';
import type { Db } from '../core/database';
import { CONFIG, DB } from '../core/core.module';
import { sandboxPayments } from '../db/schema';

export const SANDBOX_ACTIONS = { pay: 3, decline: -3, cancel: -2 } as const;
export type SandboxAction = keyof typeof SANDBOX_ACTIONS;
const RETURN_OF = { pay: 'authorised', decline: 'declined', cancel: 'cancelled' } as const;

/** The sandbox provider's hosted page: its payments, and what pressing Pay, Decline or Cancel does. */
@Injectable()
export class SandboxService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** The open or settled sandbox payment of a reference; 404 when Telr is configured or it is unknown. */
  async find(ref: string) {
    if (this.config.payments.telr || !/^SBX[0-9A-F]{24}$/.test(ref)) throw new NotFoundException();
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    if (!row) throw new NotFoundException();
    return row;
  }

  /** Applies an action to a payment still open and answers where the member goes back to. */
  async act(ref: string, rawAction: unknown) {
    const row = await this.find(ref);
    const action =
      typeof rawAction === 'string' && Object.hasOwn(SANDBOX_ACTIONS, rawAction) ? (rawAction as SandboxAction) : null;
    if (!action) throw new NotFoundException();
    // Only a payment still open changes; pressing twice (or back and again) keeps the first outcome.
    const [changed] = await this.db
      .update(sandboxPayments)
      .set({ code: SANDBOX_ACTIONS[action], updatedAt: new Date() })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.code, 1)))
      .returning();
    const final = changed ?? row;
    const outcome = final.code === 3 ? 'pay' : final.code === -3 ? 'decline' : final.code === -2 ? 'cancel' : action;
    return final.returnUrls[RETURN_OF[outcome]];
  }
}

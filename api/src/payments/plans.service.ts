import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { plans } from '../db/schema';
import { planView } from './plan.view';

/** The activation plans members can buy. */
@Injectable()
export class PlansService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Active plans of a membership type (coach or entity), cheapest first. */
  async active(type?: string) {
    if (type !== 'coach' && type !== 'entity') throw new AppError(400, 'request.bad_query', { param: 'type' });
    const rows = await this.db
      .select()
      .from(plans)
      .where(and(eq(plans.type, type), eq(plans.status, true), isNull(plans.archivedAt)))
      .orderBy(asc(plans.price));
    return { success: true, plan: rows.map(planView) };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '../core/database';
import { DATABASE } from '../core/core.module';

/** Whether the database answers, and which kind it is. */
@Injectable()
export class HealthService {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async check() {
    try {
      await this.database.query('SELECT 1');
      return { up: true, answer: { status: 'ok', database: this.database.kind } };
    } catch {
      return { up: false, answer: { status: 'unavailable', database: this.database.kind } };
    }
  }
}

import type { CertificateView } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { certificates, type User } from '../db/schema';

/** A member's certificates as the member site lists them. */
@Injectable()
export class CertificatesService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** The member's certificates, newest first. */
  async list(user: User) {
    const rows = await this.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, user.id))
      .orderBy(desc(certificates.issuedOn), desc(certificates.createdAt));
    return {
      success: true,
      certificates: rows.map((c): CertificateView => ({
        _id: c.id,
        name: c.name,
        name_en: c.nameEn,
        date: c.issuedOn,
        file: c.file,
      })),
    };
  }
}

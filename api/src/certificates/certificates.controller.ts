import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { desc, eq } from 'drizzle-orm';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { FullAccess, MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { certificates } from '../db/schema';

@ApiTags('accounts: certificates')
@Controller('certificates')
export class CertificatesController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Get()
  @Roles(...MEMBERS)
  @FullAccess()
  @ApiOperation({ summary: "The signed-in member's certificates, newest first" })
  async list(@CurrentAuth() auth: Auth) {
    const rows = await this.db
      .select()
      .from(certificates)
      .where(eq(certificates.userId, auth.user.id))
      .orderBy(desc(certificates.issuedOn), desc(certificates.createdAt));
    return {
      success: true,
      certificates: rows.map((c) => ({ _id: c.id, name: c.name, name_en: c.nameEn, date: c.issuedOn, file: c.file })),
    };
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { FullAccess, MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { CertificatesService } from './certificates.service';

@ApiTags('accounts: certificates')
@Controller('certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @Roles(...MEMBERS)
  @FullAccess()
  @ApiOperation({ summary: "The signed-in member's certificates, newest first" })
  list(@CurrentAuth() auth: Auth) {
    return this.certificates.list(auth.user);
  }
}

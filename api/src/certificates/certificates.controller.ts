import { Controller, Get, Header, Param, Query, Res, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { FullAccess, MEMBERS, Public, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { ipTracker, SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { CertificatesService } from './certificates.service';
import { Answers, anyObject, bool, list, object, ok, shape, text } from '../common/answers';

/** Verifications one address may ask a minute (a class scanning its certificates stays well below). */
const VERIFY_PER_MINUTE = 60;

@ApiTags('accounts: certificates')
@Controller('certificates')
export class CertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Answers(ok({ certificates: list(shape('CertificateView')) }))
  @Get()
  @Roles(...MEMBERS)
  @FullAccess()
  @ApiOperation({ summary: "The signed-in member's certificates, newest first" })
  list(@CurrentAuth() auth: Auth) {
    return this.certificates.list(auth.user);
  }

  @Answers(object({ keys: list(anyObject) }))
  @Get('jwks.json')
  @Public()
  @Header('Cache-Control', 'public, max-age=3600')
  @ApiOperation({ summary: "The public key set that signs the certificates' Open Badges credentials (JWKS)" })
  jwks() {
    return this.certificates.jwks();
  }

  @Answers(
    object({
      '@context': list(text),
      id: text,
      type: list(text),
      name: text,
      url: text,
      publicKey: anyObject,
      jwks: text,
    }),
  )
  @Get('issuer')
  @Public()
  @ApiOperation({ summary: 'The issuer profile of the Open Badges credentials, with its public key' })
  issuer() {
    return this.certificates.issuer();
  }

  @Answers(shape('CertificateVerification'))
  @Get('verify/:code')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @Throttle({ account: { getTracker: ipTracker, limit: VERIFY_PER_MINUTE, ttl: 60_000 } })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Anyone: whether a certificate is valid or revoked, its holder, title, competition, season, issue date and issuer (unknown code: 404)',
  })
  verify(@Param('code') code: string) {
    return this.certificates.verify(code);
  }

  @Answers(object({ credential: anyObject, jwt: text, revoked: bool }))
  @Get('verify/:code/credential')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @Throttle({ account: { getTracker: ipTracker, limit: VERIFY_PER_MINUTE, ttl: 60_000 } })
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary:
      'Anyone: the certificate as an Open Badges 3.0 OpenBadgeCredential (JSON-LD) and signed as a VC-JWT (EdDSA, key in jwks.json)',
  })
  credential(@Param('code') code: string) {
    return this.certificates.credential(code);
  }

  @Get(':id/pdf')
  @Roles(...MEMBERS, 'admin')
  @FullAccess({ except: ['admin'] })
  @ApiOperation({
    summary: "A certificate's PDF (?lang=ar|en, else the holder's language): its holder or an admin only",
  })
  async pdf(
    @CurrentAuth() auth: Auth,
    @Param('id') id: string,
    @Query('lang') lang: string | undefined,
    @Res() res: FastifyReply,
  ) {
    const { pdf, filename } = await this.certificates.pdf(auth.user, id, lang);
    return res
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  }
}

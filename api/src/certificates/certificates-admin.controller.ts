import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { CertificateIssueDto, CertificatePreviewDto, CertificateRunDto, RevokeDto } from './certificate.dto';
import { certificateRecord } from './certificates.resource';
import { CertificatesService } from './certificates.service';
import { CertificateIssueService } from './issue.service';
import { Answers, done, object, shape, text } from '../common/answers';

/**
 * Staff issue certificates (in bulk for a competition of a season, or one by one), follow a bulk
 * issue, revoke, and preview a template. Lists are the `certificates` and `certificate-templates`
 * resources. Admins only (the holders are mostly minors).
 */
@ApiTags('admin: certificates')
@Controller('admin')
export class CertificatesAdminController {
  constructor(
    private readonly issuing: CertificateIssueService,
    private readonly certificates: CertificatesService,
  ) {}

  @Answers({ allOf: [shape('CertificateRunRecord'), object({ message: text })] })
  @Post('certificates/issue')
  @Roles('admin')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Issues a competition's certificates for a season (participation for every member and coach of its approved teams, rank 1-3 from the results), in batches: answers the run",
  })
  async issue(@Body() body: CertificateRunDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const run = await this.issuing.startRun(auth.user, {
      season_id: body.season_id!,
      competition_id: body.competition_id!,
    });
    return { ...run, message: translate(lang, 'certificate.issuing') };
  }

  @Answers(shape('CertificateRunRecord'))
  @Get('certificates/runs/:id')
  @Roles('admin')
  @ApiOperation({ summary: "A bulk issue's progress" })
  run(@Param('id') id: string) {
    return this.issuing.run(id);
  }

  @Answers({ allOf: [shape('CertificateRecord'), object({ message: text })] })
  @Post('certificates/single')
  @Roles('admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Issues one certificate to one person (a judge, a volunteer, a guest, an award); once per kind',
  })
  async single(@Body() body: CertificateIssueDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const row = await this.issuing.issueOne(auth.user, body as Required<CertificateIssueDto>);
    return {
      ...certificateRecord({ certificates: row, users: null }),
      message: translate(lang, 'certificate.issued'),
    };
  }

  @Answers(done({ record: shape('CertificateRecord') }))
  @Post('certificates/:id/revoke')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revokes a certificate with a reason; it stays listed as revoked' })
  async revoke(@Param('id') id: string, @Body() body: RevokeDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const row = await this.issuing.revoke(auth.user, id, body.reason ?? '');
    return {
      success: true,
      message: translate(lang, 'certificate.revoked'),
      record: certificateRecord({ certificates: row, users: null }),
    };
  }

  @Post('certificate-templates/preview')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'A template (unsaved) drawn as a PDF with sample data, in ?lang / body.lang' })
  async preview(@Body() body: CertificatePreviewDto, @Res() res: FastifyReply) {
    const lang = body.lang ?? 'en';
    const ar = lang === 'ar';
    const pdf = await this.certificates.draw(
      lang,
      {
        background: body.background || null,
        signatures: (body.signatures ?? []).map((s) => ({
          image: s.image || null,
          name: s.name ?? '',
          name_en: s.name_en ?? '',
          role: s.role ?? '',
          role_en: s.role_en ?? '',
        })),
        wordingAr: body.wording_ar ?? '',
        wordingEn: body.wording_en ?? '',
      },
      {
        holder: ar ? 'سارة عبدالله القحطاني' : 'Sarah Abdullah Al-Qahtani',
        title: ar ? 'المركز الأول' : 'First Place',
        team: ar ? 'صقور الرياض' : 'Riyadh Falcons',
        competition: ar ? 'المهمة الآلية' : 'RoboMission',
        season: ar ? 'موسم ٢٠٢٦' : 'Season 2026',
        award: ar ? 'المركز الأول' : 'First Place',
        issuedOn: '2026-05-14',
        code: '0000000000',
        issuer: ar ? 'الاتحاد' : 'The Federation',
      },
      ar ? 'نموذج' : 'SAMPLE',
    );
    return res
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="certificate-preview-${lang}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  }
}

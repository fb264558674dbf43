import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { DeletionDto, StaffDeletionDto } from './privacy.dto';
import { PrivacyService } from './privacy.service';
import { Answers, bool, done, list, object, ok, okWith, orNull, shape, text } from '../common/answers';

/** A member's privacy requests: a copy of their data, and the deletion of their account. */
@ApiTags('accounts: privacy')
@Controller('privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Answers(okWith('PrivacyOverview'))
  @Get()
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "The member's latest copy of their data and their waiting deletion, with the periods" })
  async overview(@CurrentAuth() auth: Auth) {
    return { success: true, ...(await this.privacy.overview(auth.user.id)) };
  }

  @Answers(done({ export: shape('DataExportView') }))
  @Post('export')
  @Roles(...MEMBERS)
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Asks for a copy of everything the platform holds about the member (a ZIP of data.json and their files), prepared in the background; 409 while one is being prepared, 429 past three a day',
  })
  async requestExport(@CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const copy = await this.privacy.requestExport(auth.user);
    return { success: true, message: translate(lang, 'privacy.export_asked'), export: copy };
  }

  @Get('export/:id')
  @Roles(...MEMBERS)
  @ApiOperation({
    summary: 'Downloads a ready copy, once: it is removed when sent; 404 once downloaded or expired',
  })
  async download(@CurrentAuth() auth: Auth, @Param('id') id: string, @Res() res: FastifyReply) {
    const { file, done } = await this.privacy.download(auth.user, id);
    res.raw.once('close', () => void done().catch(() => undefined));
    res.header('Content-Type', 'application/zip');
    res.header('Content-Length', String(file.size));
    res.header('Content-Disposition', `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.zip"`);
    res.header('X-Content-Type-Options', 'nosniff');
    return res.send(file.body);
  }

  @Answers(done({ deletion: shape('DeletionView') }))
  @Post('deletion')
  @Roles(...MEMBERS)
  // The password is checked here: failures count per address, every attempt per account.
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Asks for the account to be deleted (password) after PRIVACY_DELETION_DAYS, which the member can cancel until then; 409 when one is waiting',
  })
  async requestDeletion(@CurrentAuth() auth: Auth, @Body() body: DeletionDto, @Lang() lang: Lang) {
    const deletion = await this.privacy.requestDeletion(auth.user, body.password);
    return { success: true, message: translate(lang, 'privacy.deletion_asked'), deletion };
  }

  @Answers(done())
  @Delete('deletion')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "Cancels the member's waiting deletion; 404 when none waits" })
  async cancelDeletion(@CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    await this.privacy.cancelDeletion(auth.user, auth.user.id);
    return { success: true, message: translate(lang, 'privacy.deletion_cancelled') };
  }
}

/**
 * Staff and a member's privacy requests: every staff member sees them on the member's page; an admin
 * asks for a deletion on a guardian's (or the member's) request, or cancels one (audited).
 */
@ApiTags('admin: users')
@Controller('admin/users')
export class StaffPrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Answers(
    ok({
      requests: list(
        object({
          id: text,
          kind: { type: 'string', enum: ['export', 'deletion'] },
          state: text,
          due_at: orNull(text),
          by_staff: bool,
          reason: orNull(text),
          created_at: text,
          done_at: orNull(text),
        }),
      ),
    }),
  )
  @Get(':id/privacy')
  @Roles('admin', 'sub_admin')
  @ApiOperation({ summary: "A member's privacy requests (copies of data, deletions), newest first" })
  async list(@Param('id') id: string) {
    return { success: true, requests: await this.privacy.staffView(id) };
  }

  @Answers(done({ deletion: shape('DeletionView') }))
  @Post(':id/deletion')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Asks for a member's account to be deleted after PRIVACY_DELETION_DAYS, with the reason (who asked: the member, a minor's guardian); admins only",
  })
  async request(
    @CurrentAuth() auth: Auth,
    @Param('id') id: string,
    @Body() body: StaffDeletionDto,
    @Lang() lang: Lang,
  ) {
    const deletion = await this.privacy.requestDeletionByStaff(auth.user, id, body.reason);
    return { success: true, message: translate(lang, 'privacy.deletion_asked_staff'), deletion };
  }

  @Answers(done())
  @Delete(':id/deletion')
  @Roles('admin')
  @ApiOperation({ summary: "Cancels a member's waiting deletion; admins only" })
  async cancel(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    await this.privacy.cancelDeletion(auth.user, id);
    return { success: true, message: translate(lang, 'privacy.deletion_cancelled') };
  }
}

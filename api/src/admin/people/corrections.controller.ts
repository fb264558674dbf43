import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CorrectionsService } from '../../accounts/corrections.service';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { Lang, translate } from '../../common/i18n';
import { Answers, done, shape } from '../../common/answers';

/**
 * Staff decide a member's request to correct their date of birth or grade (the list is the
 * `corrections` resource). Editing an ordinary member is a sub-admin's work too.
 */
@ApiTags('admin: corrections')
@Controller('admin/corrections')
export class CorrectionsAdminController {
  constructor(private readonly corrections: CorrectionsService) {}

  @Answers(done({ record: shape('CorrectionRecord') }))
  @Post(':id/approve')
  @Roles('admin', 'sub_admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approves an open request: the account is corrected (audited) and the member told' })
  async approve(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const record = await this.corrections.decide(auth.user, id, true);
    return { success: true, message: translate(lang, 'correction.approved'), record };
  }

  @Answers(done({ record: shape('CorrectionRecord') }))
  @Post(':id/decline')
  @Roles('admin', 'sub_admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Declines an open request: the account stays as it is and the member is told' })
  async decline(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const record = await this.corrections.decide(auth.user, id, false);
    return { success: true, message: translate(lang, 'correction.declined'), record };
  }
}

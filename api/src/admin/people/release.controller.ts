import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PendingSignups } from '../../accounts/pending-signups';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { Lang, translate } from '../../common/i18n';
import { Answers, done } from '../../common/answers';

/**
 * An admin frees the national ID and e-mail an unverified account holds (its owner asked and showed
 * who they are): the account is removed and the audit log says who did it and what it held. Admins
 * only, as removing a member is; sub-admins edit members but remove none.
 */
@ApiTags('admin: users')
@Controller('admin/users')
export class ReleaseIdController {
  constructor(private readonly pending: PendingSignups) {}

  @Answers(done())
  @Post(':id/release')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Removes an unverified member account so its national ID and e-mail can be used again (audited as release); a verified account is refused (409)',
  })
  async release(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    await this.pending.release(auth.user, id);
    return { success: true, message: translate(lang, 'admin.released') };
  }
}

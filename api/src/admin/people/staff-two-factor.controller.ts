import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../../auth/current-auth.decorator';
import { Roles } from '../../auth/roles';
import type { Auth } from '../../auth/session.service';
import { StaffSecurityService } from '../../auth/staff-security.service';
import { Lang, translate } from '../../common/i18n';
import { Answers, done } from '../../common/answers';

@ApiTags('admin: staff')
@Controller('admin/admins')
export class StaffTwoFactorController {
  constructor(private readonly staff: StaffSecurityService) {}

  @Answers(done())
  @Post(':id/two-factor/reset')
  @Roles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: "Resets another staff member's two-factor sign-in (a lost phone): it is off, their sessions end; audited",
  })
  async reset(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    await this.staff.reset(auth.user, id);
    return { success: true, message: translate(lang, 'two_factor.reset_done') };
  }
}

import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { CorrectionRequestDto } from './corrections.dto';
import { CorrectionsService } from './corrections.service';
import { Answers, done, ok, orNull, shape } from '../common/answers';

/** A student's or coach's request to correct their date of birth or grade, which staff decide. */
@ApiTags('accounts: corrections')
@Controller('accounts/correction')
export class CorrectionsController {
  constructor(private readonly corrections: CorrectionsService) {}

  @Answers(ok({ correction: orNull(shape('CorrectionView')) }))
  @Get()
  @Roles('student', 'coach')
  @ApiOperation({ summary: "The member's open correction request, or else their latest one (null: none)" })
  async mine(@CurrentAuth() auth: Auth) {
    return { success: true, correction: await this.corrections.mine(auth.user) };
  }

  @Answers(done({ correction: shape('CorrectionView') }))
  @Post()
  @Roles('student', 'coach')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Asks staff to correct the date of birth and/or grade (students), with an optional reason; one open request at a time (409)',
  })
  async request(@CurrentAuth() auth: Auth, @Body() body: CorrectionRequestDto, @Lang() lang: Lang) {
    const correction = await this.corrections.request(auth.user, body);
    return { success: true, message: translate(lang, 'correction.sent'), correction };
  }

  @Answers(done())
  @Delete()
  @Roles('student', 'coach')
  @ApiOperation({ summary: 'Withdraws the open correction request (404 when there is none)' })
  async withdraw(@CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    await this.corrections.withdraw(auth.user);
    return { success: true, message: translate(lang, 'correction.withdrawn') };
  }
}

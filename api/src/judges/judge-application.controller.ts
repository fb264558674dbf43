import { Body, Controller, HttpCode, Post, UploadedFiles, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { Lang, translate } from '../common/i18n';
import { Upload, type ReceivedFile } from '../media/uploads';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { JudgeApplicationDto } from './judge-application.dto';
import { JudgeApplicationService } from './judge-application.service';
import { Answers, done, text } from '../common/answers';

const MAX_FILES = 5;

@ApiTags('judges')
@Controller('invest')
export class JudgeApplicationController {
  constructor(private readonly applications: JudgeApplicationService) {}

  @Answers(done({ msg: text }))
  @Post('registration')
  @Roles(...MEMBERS)
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Applies as a judge or referee: organization_name, city, apply_as, pexperince and PDF CVs file_0, file_1, …',
  })
  @Upload({ any: true }, { fileSize: 10 * 1024 * 1024, files: MAX_FILES + 1, fields: 20 }, JudgeApplicationDto)
  async register(
    @CurrentAuth() auth: Auth,
    @Body() body: Record<string, unknown>,
    @UploadedFiles() files: ReceivedFile[] = [],
    @Lang() lang: Lang,
  ) {
    const cvs = files.filter((f) => /^file_\d+$/.test(f.fieldname));
    if (cvs.length > MAX_FILES) throw new AppError(400, 'judge.too_many_files');
    // The text fields are checked as JudgeApplicationDto by the service, after who may apply.
    await this.applications.apply(auth.user, body ?? {}, cvs);
    const msg = translate(lang, 'judge.submitted');
    return { success: true, msg, message: msg };
  }
}

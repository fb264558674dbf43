import { Body, Controller, Headers, HttpCode, Post, UploadedFiles, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { AppError } from '../common/app-error';
import { langOf, translate } from '../common/messages';
import { Upload } from '../media/uploads';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { JudgeApplicationService, type ApplicationForm } from './judge-application.service';

const MAX_FILES = 5;

@ApiTags('judges')
@Controller('invest')
export class JudgeApplicationController {
  constructor(private readonly applications: JudgeApplicationService) {}

  @Post('registration')
  @Roles(...MEMBERS)
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Applies as a judge or referee: organization_name, city, apply_as, pexperince and PDF CVs file_0, file_1, …',
  })
  @Upload({ any: true }, { fileSize: 10 * 1024 * 1024, files: MAX_FILES + 1, fields: 20 })
  async register(
    @CurrentAuth() auth: Auth,
    @Body() body: ApplicationForm,
    @UploadedFiles() files: Express.Multer.File[] = [],
    @Headers('accept-language') al?: string,
  ) {
    const cvs = files.filter((f) => /^file_\d+$/.test(f.fieldname));
    if (cvs.length > MAX_FILES) throw new AppError(400, 'judge.too_many_files');
    const form: ApplicationForm = {
      organization_name: typeof body.organization_name === 'string' ? body.organization_name : undefined,
      city: typeof body.city === 'string' ? body.city : undefined,
      apply_as: typeof body.apply_as === 'string' ? body.apply_as : undefined,
      pexperince: typeof body.pexperince === 'string' ? body.pexperince : undefined,
    };
    await this.applications.apply(auth.user, form, cvs);
    const msg = translate(langOf(al), 'judge.submitted');
    return { success: true, msg, message: msg };
  }
}

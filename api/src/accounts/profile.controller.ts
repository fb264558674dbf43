import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query, UploadedFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@platform/contract';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { MEMBERS, Public, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { Upload, type ReceivedFile } from '../media/uploads';
import { ChangePasswordDto, LanguageDto, ProfileDto, PublicProfileDto, SkillDto } from './profile.dto';
import { PhoneCodeDto } from './verification.dto';
import { ProfileService } from './profile.service';
import { VerificationService } from './verification.service';
import { Answers, done, int, list, object, ok, shape, text } from '../common/answers';

const PICTURE_MAX_BYTES = LIMITS.pictureBytes;

@ApiTags('accounts: profile')
@Controller()
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly verification: VerificationService,
  ) {}

  @Answers(ok({ user: shape('MemberAccount') }))
  @Get('accounts')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "The signed-in member's profile, with skills" })
  async get(@CurrentAuth() auth: Auth) {
    return { success: true, user: await this.profiles.view(auth.user) };
  }

  @Answers(
    done({ user: shape('MemberAccount'), phone_pending: object({ destination: text, length: int }) }, [
      'phone_pending',
    ]),
  )
  @Post('accounts')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Saves the editable profile fields (others are ignored). A new phone_number is kept aside and a code sent to it (phone_pending: destination, length); POST accounts/phone with the code makes it the account's",
  })
  async update(@CurrentAuth() auth: Auth, @Body() body: ProfileDto, @Lang() lang: Lang) {
    const { user, phonePending } = await this.profiles.update(auth.user, body, lang);
    if (!phonePending) return { success: true, message: translate(lang, 'account.updated'), user };
    return { success: true, message: translate(lang, 'account.phone_code_sent'), user, phone_pending: phonePending };
  }

  @Answers(done({ user: shape('MemberAccount') }))
  @Post('accounts/phone')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms a new phone number with the code sent to it; the old number is replaced' })
  async confirmPhone(@CurrentAuth() auth: Auth, @Body() body: PhoneCodeDto, @Lang() lang: Lang) {
    const user = await this.profiles.view(await this.verification.confirmPhoneChange(auth.user, body.code));
    return { success: true, message: translate(lang, 'account.phone_updated'), user };
  }

  @Answers(done({ user: shape('MemberAccount') }))
  @Post('accounts/language')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sets the language of the messages the platform sends the member (and a student's guardian): ar or en; anything else is a 400",
  })
  async setLanguage(@CurrentAuth() auth: Auth, @Body() body: LanguageDto, @Lang() lang: Lang) {
    const user = await this.profiles.setLanguage(auth.user, body.language);
    return { success: true, message: translate(lang, `account.language_saved_${body.language}`), user };
  }

  @Answers(done())
  @Post('accounts/changepassword')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the password (password, npassword, cpassword); every session ends' })
  async changePassword(@CurrentAuth() auth: Auth, @Body() body: ChangePasswordDto, @Lang() lang: Lang) {
    await this.profiles.changePassword(auth.user, body);
    return { success: true, message: translate(lang, 'account.password_updated') };
  }

  @Answers(done({ status: text, filename: text }))
  @Post('profile/uploads')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Replaces the profile picture (field file: JPG or PNG, 5 MB at most)' })
  @Upload('file', { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 10 })
  async uploadPicture(@CurrentAuth() auth: Auth, @UploadedFile() file: ReceivedFile | undefined, @Lang() lang: Lang) {
    const filename = await this.profiles.setPicture(auth.user, file);
    return { success: true, status: 'success', filename, message: translate(lang, 'upload.picture_saved') };
  }

  @Answers(done({ skilles: list(shape('Skill')) }))
  @Post('skills')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Adds a skill to the member’s profile (skillname); answers the skills' })
  @HttpCode(200)
  async addSkill(@CurrentAuth() auth: Auth, @Body() body: SkillDto, @Lang() lang: Lang) {
    const skills = await this.profiles.addSkill(auth.user, body.skillname ?? body.name);
    return { success: true, message: translate(lang, 'skill.saved'), skilles: skills };
  }

  @Answers(done({ skilles: list(shape('Skill')) }))
  @Put('skills')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Renames one of the member’s skills (id, name); answers the skills' })
  async renameSkill(@CurrentAuth() auth: Auth, @Body() body: SkillDto, @Lang() lang: Lang) {
    const skills = await this.profiles.renameSkill(auth.user, body.id, body.name ?? body.skillname);
    return { success: true, message: translate(lang, 'skill.saved'), skilles: skills };
  }

  @Answers(done({ skilles: list(shape('Skill')) }))
  @Delete('skills')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Deletes one of the member’s skills (?id=); answers the skills' })
  async deleteSkill(@CurrentAuth() auth: Auth, @Lang() lang: Lang, @Query('id') id?: string) {
    const skills = await this.profiles.deleteSkill(auth.user, id);
    return { success: true, message: translate(lang, 'skill.deleted'), skilles: skills };
  }

  @Answers(ok({ user: shape('PublicProfileView') }))
  @Post('profile')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'A public profile (students and coaches only)' })
  async publicProfile(@Body() body: PublicProfileDto) {
    return { success: true, user: await this.profiles.publicProfile(body.id) };
  }
}

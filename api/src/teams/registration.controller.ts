import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { FullAccess, MEMBERS, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { langOf, translate } from '../common/messages';
import { orderView } from '../payments/payments.controller';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { RegistrationService } from './registration.service';

type Json = Record<string, unknown>;
const bodyOf = (b: unknown): Json => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Json) : {});

/** Team registration for members: open registrations, a coach's teams, invitations (issue 20). */
@ApiTags('teams')
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Get('registrations')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Competitions whose registration has not closed, with their rules and dates' })
  async registrations() {
    return { success: true, registrations: await this.registration.open() };
  }

  @Get('teams')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({ summary: "The coach's registered teams with everyone's invitation state" })
  async mine(@CurrentAuth() auth: Auth) {
    return { success: true, teams: await this.registration.mine(auth.user) };
  }

  @Post('teams')
  @Roles('coach')
  @FullAccess()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Registers a team: { competition_id, season_id, name, members: [national_id], coaches: [national_id], entity_email? }; answers the team with team_no',
  })
  async create(@CurrentAuth() auth: Auth, @Body() body: unknown) {
    return { success: true, team: await this.registration.create(auth.user, bodyOf(body)) };
  }

  @Post('teams/invite-signup')
  @Roles('coach')
  @FullAccess()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Invites a student without an account to sign up: { phone } (the guardian's) or { email }" })
  async inviteSignup(@CurrentAuth() auth: Auth, @Body() body: unknown, @Headers('accept-language') al?: string) {
    const lang = langOf(al);
    await this.registration.inviteSignup(auth.user, bodyOf(body), lang);
    return { success: true, message: translate(lang, 'team.signup_invite_sent') };
  }

  @Put('teams/:id')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({ summary: 'Renames the team or replaces its members ({ name?, members? }); new members accept again' })
  async update(@CurrentAuth() auth: Auth, @Param('id') id: string, @Body() body: unknown) {
    return { success: true, team: await this.registration.update(auth.user, id, bodyOf(body)) };
  }

  @Delete('teams/:id')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({ summary: 'Withdraws the team (until registration closes); its members are free again' })
  async withdraw(@CurrentAuth() auth: Auth, @Param('id') id: string, @Headers('accept-language') al?: string) {
    const team = await this.registration.withdraw(auth.user, id);
    return { success: true, message: translate(langOf(al), 'team.withdrawn'), team };
  }

  @Post('teams/:id/submit')
  @Roles('coach')
  @FullAccess()
  @HttpCode(200)
  @ApiOperation({ summary: 'Submits the team for approval once enough members accepted' })
  async submit(@CurrentAuth() auth: Auth, @Param('id') id: string, @Headers('accept-language') al?: string) {
    const team = await this.registration.submit(auth.user, id);
    return { success: true, message: translate(langOf(al), 'team.submitted'), team };
  }

  @Post('teams/:id/pay')
  @Roles('coach')
  @FullAccess()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Creates an order for the team's fee and the payment page: response.order {ref, url}" })
  async pay(@CurrentAuth() auth: Auth, @Param('id') id: string, @Headers('accept-language') al?: string) {
    const { page, order } = await this.registration.pay(auth.user, id, langOf(al));
    return { success: true, response: { order: { ref: page.ref, url: page.url } }, order: orderView(order) };
  }

  @Get('team-invitations')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "The signed-in member's invitations waiting for an answer" })
  async invitations(@CurrentAuth() auth: Auth) {
    return { success: true, invitations: await this.registration.invitations(auth.user) };
  }

  @Post('team-invitations/:id/accept')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Accepts an invitation (an entity: confirms that the team represents it)' })
  async accept(@CurrentAuth() auth: Auth, @Param('id') id: string, @Headers('accept-language') al?: string) {
    const invitation = await this.registration.answer(auth.user, id, true);
    return { success: true, message: translate(langOf(al), 'team.accepted'), invitation };
  }

  @Post('team-invitations/:id/decline')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Declines an invitation' })
  async decline(@CurrentAuth() auth: Auth, @Param('id') id: string, @Headers('accept-language') al?: string) {
    const invitation = await this.registration.answer(auth.user, id, false);
    return { success: true, message: translate(langOf(al), 'team.declined'), invitation };
  }
}

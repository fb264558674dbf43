import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import type { RegisteredTeamsPage } from '@platform/contract';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { FullAccess, MEMBERS, Public, Roles } from '../auth/roles';
import { AppError } from '../common/app-error';
import type { Auth } from '../auth/session.service';
import { Lang, money, translate } from '../common/i18n';
import { orderView } from '../payments/order.view';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { RegistrationService } from './registration.service';
import { CreateTeamDto, HandOverDto, InviteSignupDto, SchoolFeesDto, TeamsPageQuery, UpdateTeamDto } from './team.dto';
import { Answers, bool, done, list, object, ok, orNull, shape, text } from '../common/answers';

/** Team registration for members: open registrations, a coach's teams, invitations (issue 20). */
@ApiTags('teams')
@Controller()
export class RegistrationController {
  constructor(private readonly registration: RegistrationService) {}

  @Answers(ok({ registrations: list(shape('RegistrationView')) }))
  @Get('registrations')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: 'Competitions whose registration has not closed, with their rules and dates' })
  async registrations() {
    return { success: true, registrations: await this.registration.open() };
  }

  @Answers(shape('RegisteredTeamsPage'))
  @Get('teams')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({ summary: "The coach's registered teams with everyone's invitation state" })
  async mine(@CurrentAuth() auth: Auth, @Query() query: TeamsPageQuery): Promise<RegisteredTeamsPage> {
    return { success: true, ...(await this.registration.mine(auth.user, query.page ?? 0)) };
  }

  @Answers(ok({ team: shape('RegisteredTeamView') }))
  @Post('teams')
  @Roles('coach')
  @FullAccess()
  @HttpCode(201)
  @ApiOperation({ summary: 'Registers a team; answers the team with its team_no' })
  async create(@CurrentAuth() auth: Auth, @Body() body: CreateTeamDto) {
    return { success: true, team: await this.registration.create(auth.user, body) };
  }

  @Answers(done())
  @Post('teams/invite-signup')
  @Roles('coach')
  @FullAccess()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Invites a student without an account to sign up: { phone } (the guardian's) or { email }" })
  async inviteSignup(@CurrentAuth() auth: Auth, @Body() body: InviteSignupDto, @Lang() lang: Lang) {
    await this.registration.inviteSignup(auth.user, body, lang);
    return { success: true, message: translate(lang, 'team.signup_invite_sent') };
  }

  @Answers(done({ team: shape('RegisteredTeamView') }))
  @Put('teams/:id')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({
    summary:
      'Until registration closes: renames the team or replaces its members, other coaches or entity; new people accept; a change that removes someone or sends the team back needs confirm: true (409 otherwise); a team with results cannot change',
  })
  async update(@CurrentAuth() auth: Auth, @Param('id') id: string, @Body() body: UpdateTeamDto, @Lang() lang: Lang) {
    const { team, message } = await this.registration.update(auth.user, id, body);
    return { success: true, message: translate(lang, message), team };
  }

  @Answers(
    done({
      team: shape('RegisteredTeamView'),
      refund: orNull(object({ amount: text, currency: text, credit_note: text })),
    }),
  )
  @Delete('teams/:id')
  @Roles('coach')
  @FullAccess()
  @ApiOperation({
    summary:
      'The owner withdraws the team (until registration closes); its members are free again and every paid fee is refunded in full',
  })
  async withdraw(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    const { team, refund } = await this.registration.withdraw(auth.user, id);
    const message = refund
      ? translate(lang, 'team.withdrawn_refunded', {
          amount: money(refund.amount, refund.currency),
          note: refund.credit_note,
        })
      : translate(lang, 'team.withdrawn');
    return { success: true, message, team, refund };
  }

  @Answers(done({ team: shape('RegisteredTeamView') }))
  @Post('teams/:id/submit')
  @Roles('coach')
  @FullAccess()
  @HttpCode(200)
  @ApiOperation({ summary: 'Submits a ready team (or one sent back for changes) for approval' })
  async submit(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    const team = await this.registration.submit(auth.user, id);
    return { success: true, message: translate(lang, 'team.submitted'), team };
  }

  @Answers(done({ team: shape('RegisteredTeamView') }))
  @Post('teams/:id/owner')
  @Roles('coach')
  @FullAccess()
  @HttpCode(200)
  @ApiOperation({ summary: "The team's owner hands it over to another of its accepted coaches" })
  async handOver(@CurrentAuth() auth: Auth, @Param('id') id: string, @Body() body: HandOverDto, @Lang() lang: Lang) {
    const team = await this.registration.handOver(auth.user, id, body);
    return { success: true, message: translate(lang, 'team.handed_over'), team };
  }

  @Answers(ok({ response: object({ order: object({ ref: text, url: text }) }), order: shape('BillingOrder') }))
  @Post('teams/:id/pay')
  @Roles('coach')
  @FullAccess()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Creates an order for the team's fee and the payment page: response.order {ref, url}" })
  async pay(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    const { page, order } = await this.registration.pay(auth.user, id, lang);
    return { success: true, response: { order: { ref: page.ref, url: page.url } }, order: orderView(order) };
  }

  @Answers(ok({ teams: list(shape('SchoolFeeTeam')) }))
  @Get('school/team-fees')
  @Roles('entity')
  @ApiOperation({ summary: 'The teams the school represents whose fee it may pay now, with the amounts' })
  async schoolFees(@CurrentAuth() auth: Auth) {
    return { success: true, teams: await this.registration.schoolFees(auth.user) };
  }

  @Answers(ok({ response: object({ order: object({ ref: text, url: text }) }), order: shape('BillingOrder') }))
  @Post('school/team-fees/pay')
  @Roles('entity')
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Creates one order for several of the school's teams' fees (team_ids), one line each, and the payment page: response.order {ref, url}",
  })
  async paySchoolFees(@CurrentAuth() auth: Auth, @Body() body: SchoolFeesDto, @Lang() lang: Lang) {
    const { page, order } = await this.registration.paySchoolFees(auth.user, body.team_ids, lang);
    return { success: true, response: { order: { ref: page.ref, url: page.url } }, order: orderView(order) };
  }

  @Answers(ok({ invitations: list(shape('TeamInvitationView')) }))
  @Get('team-invitations')
  @Roles(...MEMBERS)
  @ApiOperation({ summary: "The signed-in member's invitations waiting for an answer" })
  async invitations(@CurrentAuth() auth: Auth) {
    return { success: true, invitations: await this.registration.invitations(auth.user) };
  }

  @Answers(ok({ invitation: shape('GuardianInvitationView') }))
  @Get('team-invitations/guardian/:token')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @ApiOperation({ summary: "A minor's invitation behind the guardian's single-use link: team, coaches, competition" })
  async guardianInvitation(@Param('token') token: string) {
    return { success: true, invitation: await this.registration.guardianInvitation(token) };
  }

  @Answers(
    done({
      invitation: object({
        student: object({ name: text }),
        state: shape('InvitationState'),
        team_id: text,
        guardian_pending: bool,
      }),
    }),
  )
  @Post('team-invitations/guardian/:token/:answer')
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'The guardian accepts or declines (answer: accept | decline) for the student; uses the link up',
  })
  @ApiParam({ name: 'answer', enum: ['accept', 'decline'] })
  async guardianAnswer(@Param('token') token: string, @Param('answer') answer: string, @Lang() lang: Lang) {
    if (answer !== 'accept' && answer !== 'decline') throw new AppError(404, 'request.not_found');
    const invitation = await this.registration.guardianAnswer(token, answer === 'accept');
    const key = answer === 'accept' ? 'team.guardian_accepted' : 'team.guardian_declined';
    return { success: true, message: translate(lang, key, { name: invitation.student.name }), invitation };
  }

  @Answers(done({ invitation: object({ state: shape('InvitationState'), team_id: text, guardian_pending: bool }) }))
  @Post('team-invitations/:id/accept')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Accepts an invitation (an entity: confirms that the team represents it)' })
  async accept(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    const invitation = await this.registration.answer(auth.user, id, true);
    const key = invitation.guardian_pending ? 'team.accepted_guardian_next' : 'team.accepted';
    return { success: true, message: translate(lang, key), invitation };
  }

  @Answers(done({ invitation: object({ state: shape('InvitationState'), team_id: text, guardian_pending: bool }) }))
  @Post('team-invitations/:id/decline')
  @Roles(...MEMBERS)
  @HttpCode(200)
  @ApiOperation({ summary: 'Declines an invitation' })
  async decline(@CurrentAuth() auth: Auth, @Param('id') id: string, @Lang() lang: Lang) {
    const invitation = await this.registration.answer(auth.user, id, false);
    return { success: true, message: translate(lang, 'team.declined'), invitation };
  }
}

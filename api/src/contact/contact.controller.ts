import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { Lang, translate } from '../common/i18n';
import { ipTracker, SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';
import { ContactDto } from './contact.dto';
import { ContactService } from './contact.service';
import { Answers, done } from '../common/answers';

/** The public contact form; staff read and answer the messages in the back-office (contact us). */
@ApiTags('contact')
@Controller('contactus')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Answers(done())
  @Post()
  @Public()
  @UseGuards(SigninThrottleGuard)
  // The sender's e-mail is whatever the body says: every message counts against the sender's address.
  @Throttle({ account: { getTracker: ipTracker } })
  @HttpCode(201)
  @ApiOperation({ summary: 'Sends a message to the staff: name, email, phone (optional), message' })
  async send(@Body() body: ContactDto, @Lang() lang: Lang) {
    await this.contact.send(body);
    return { success: true, message: translate(lang, 'contact.sent') };
  }
}

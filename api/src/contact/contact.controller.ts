import { Body, Controller, Headers, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { isEmail, normalizePhone } from '../accounts/reference';
import { Public } from '../auth/roles';
import { AppError } from '../common/app-error';
import { langOf, translate } from '../common/messages';
import type { Db } from '../db/database';
import { DB } from '../db/db.module';
import { contactMessages } from '../db/schema';
import { FormReader } from '../admin/form';
import { SigninThrottleGuard } from '../rate-limit/signin-throttle.guard';

/** The public contact form; staff read and answer the messages in the back-office (contact us). */
@ApiTags('contact')
@Controller('contactus')
export class ContactController {
  constructor(@Inject(DB) private readonly db: Db) {}

  @Post()
  @Public()
  @UseGuards(SigninThrottleGuard)
  @HttpCode(201)
  @ApiOperation({ summary: 'Sends a message to the staff: name, email, phone (optional), message' })
  async send(@Body() body: Record<string, unknown>, @Headers('accept-language') al?: string) {
    const f = new FormReader(body ?? {}, 'contact.fields_empty');
    const name = f.text('name', 120);
    const email = f.text('email', 254)?.toLowerCase();
    const phoneRaw = f.digits('phone', 30);
    const message = f.long('message', 5000);
    f.need(name, email, message);
    if (!isEmail(email!)) throw new AppError(400, 'signup.email');
    const phone = phoneRaw ? normalizePhone(phoneRaw) : '';
    if (phone === null) throw new AppError(400, 'signup.phone');
    await this.db.insert(contactMessages).values({ name: name!, email: email!, phone, message: message! });
    return { success: true, message: translate(langOf(al), 'contact.sent') };
  }
}

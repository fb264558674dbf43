import { Inject, Injectable } from '@nestjs/common';
import { isEmail, normalizePhone } from '../accounts/reference';
import { AppError } from '../common/app-error';
import type { Db } from '../core/database';
import { DB } from '../core/core.module';
import { contactMessages } from '../db/schema';
import type { ContactDto } from './contact.dto';

/** The public contact form: a message kept for the staff to read and answer in the back-office. */
@Injectable()
export class ContactService {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Checks and keeps a message (name, email, phone (optional), message), validated as ContactDto. */
  async send(dto: ContactDto) {
    const email = dto.email!.toLowerCase();
    if (!isEmail(email)) throw new AppError(400, 'signup.email');
    const phone = dto.phone ? normalizePhone(dto.phone) : '';
    if (phone === null) throw new AppError(400, 'signup.phone');
    await this.db.insert(contactMessages).values({ name: dto.name!, email, phone, message: dto.message! });
  }
}

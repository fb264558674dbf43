import type { MessageChannel, TestMessageResult } from '@platform/contract';
import { Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { and, eq, gt } from 'drizzle-orm';
import { normalizeMobile } from '../../accounts/reference';
import { AuditService } from '../../audit/audit.service';
import type { Auth } from '../../auth/session.service';
import { AppError } from '../../common/app-error';
import { Digits, Required } from '../../common/dto';
import { isUuid } from '../../common/ids';
import { translate, type Lang } from '../../common/i18n';
import type { Db } from '../../core/database';
import { DB } from '../../core/core.module';
import { outbox } from '../../db/schema';
import { enqueueMessage, OutboxService } from '../../outbox/outbox.service';
import { isMessageKind, templates } from '../../outbox/templates';
import { resendable } from '../resources/messages.resource';

/** Test messages one admin may send per hour, each channel counted apart. */
export const TEST_MESSAGES_PER_HOUR = 5;

/** The number a test WhatsApp goes to (any form people type: 05…, +9665…, Arabic-Indic digits). */
export class TestWhatsappDto {
  @ApiProperty() @Required('signup.phone') @Digits(30) phone?: string;
}

/**
 * What staff do with the outbox besides reading it: send a failed message again, and check that the
 * providers deliver with a test message. Both are in the audit log.
 */
@Injectable()
export class MessagesAdminService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly outbox: OutboxService,
    private readonly audits: AuditService,
    @InjectThrottlerStorage() private readonly limits: ThrottlerStorage,
  ) {}

  /**
   * A failed message again, as a new pending message of the same kind, language, recipient and
   * values (the failed one stays as it was). Never a one-time code: the member asks for a new one.
   */
  async resend(auth: Auth, id: string): Promise<string> {
    if (!isUuid(id)) throw new AppError(404, 'request.not_found');
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
      if (!row) throw new AppError(404, 'request.not_found');
      if (row.category === 'authentication') throw new AppError(409, 'messages.code_not_resent');
      if (!resendable(row) || !isMessageKind(row.kind)) throw new AppError(409, 'messages.not_failed');
      const [waiting] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            eq(outbox.channel, row.channel),
            eq(outbox.to, row.to),
            eq(outbox.kind, row.kind),
            eq(outbox.body, row.body),
            gt(outbox.createdAt, row.createdAt),
          ),
        )
        .limit(1);
      if (waiting) throw new AppError(409, 'messages.already_resent');
      const again = await enqueueMessage(tx as unknown as Db, {
        channel: row.channel,
        to: row.to,
        userId: row.userId,
        kind: row.kind,
        lang: row.lang,
        category: row.category,
        params: row.params,
        subject: row.subject,
        body: row.body,
      });
      await this.audits.record(tx, {
        actor: auth.user,
        action: 'resend',
        resource: 'messages',
        recordId: row.id,
        after: { message_id: again, channel: row.channel, to: row.to, kind: row.kind },
      });
      return again;
    });
  }

  /** A test e-mail to the admin's own address. */
  testEmail(auth: Auth, lang: Lang): Promise<TestMessageResult> {
    if (!auth.user.email) throw new AppError(400, 'signup.email');
    return this.sendTest(auth, 'email', auth.user.email, lang);
  }

  /** A test WhatsApp (the test_message template) to a mobile number the admin typed. */
  testWhatsapp(auth: Auth, dto: TestWhatsappDto, lang: Lang): Promise<TestMessageResult> {
    const mobile = normalizeMobile(dto.phone);
    if (mobile.error !== null) throw new AppError(400, mobile.error, {}, 'phone');
    return this.sendTest(auth, 'whatsapp', mobile.phone, lang);
  }

  /**
   * Counted first (TEST_MESSAGES_PER_HOUR per admin and channel); queued with its audit entry, then
   * handed to the provider after the commit, and answered with what the provider said.
   */
  private async sendTest(auth: Auth, channel: MessageChannel, to: string, lang: Lang): Promise<TestMessageResult> {
    const { isBlocked } = await this.limits.increment(
      `test-message:${channel}:${auth.user.id}`,
      3_600_000,
      TEST_MESSAGES_PER_HOUR,
      0,
      'test-message',
    );
    if (isBlocked) throw new AppError(429, 'messaging.too_many_tests', { max: TEST_MESSAGES_PER_HOUR });
    const row = await this.outbox.sendNow(
      { channel, to, userId: null, ...templates.testMessage(lang, { at: new Date() }) },
      (tx, id) =>
        this.audits.record(tx, {
          actor: auth.user,
          action: 'send_test',
          resource: 'messages',
          recordId: id,
          after: { channel, to },
        }),
    );
    const status = row?.status ?? 'pending';
    const reason = row?.lastError ?? '';
    const message =
      status === 'sent'
        ? translate(lang, 'messaging.test_sent')
        : status === 'failed'
          ? translate(lang, 'messaging.test_refused', { reason })
          : status === 'kept'
            ? translate(lang, 'messaging.test_kept')
            : translate(lang, 'messaging.test_retrying', { reason });
    return { success: status === 'sent', status, message, id: row?.id ?? '' };
  }
}

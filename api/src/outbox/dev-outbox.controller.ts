import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { OutboxService } from './outbox.service';
import { Answers, list, object, ok, orNull, shape, text } from '../common/answers';

/** Development only (never registered when NODE_ENV=production): the newest outgoing messages, to read a code. */
@ApiExcludeController()
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Answers(
    ok({
      messages: list(
        object({
          id: text,
          to: text,
          channel: shape('MessageChannel'),
          subject: text,
          body: text,
          status: shape('MessageStatus'),
          provider_id: orNull(text),
          created_at: text,
        }),
      ),
    }),
  )
  @Get()
  @Public()
  async list(@Query('to') to?: string) {
    const rows = await this.outbox.newest(100);
    const messages = rows
      .filter((r) => !to || r.to === to)
      .map((r) => ({
        id: r.id,
        to: r.to,
        channel: r.channel,
        subject: r.subject,
        body: r.body,
        status: r.status,
        // The wamid of a sent WhatsApp message: the journeys find what the fake WhatsApp received.
        provider_id: r.providerId,
        created_at: r.createdAt,
      }));
    return { success: true, messages };
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { Lang, translate } from '../common/i18n';
import { BroadcastDto, BroadcastPreviewDto } from './broadcast.dto';
import { BroadcastsService } from './broadcasts.service';
import { Answers, done, int, list, object, shape, text } from '../common/answers';

/**
 * Staff broadcasts: compose (saved as scheduled: now or later), preview, change or cancel until it
 * starts, and queue failed messages again. Listing and showing are the `broadcasts` resource's
 * (broadcasts.resource.ts). Admins and sub-admins; a sub-admin's segment must be scoped.
 */
@ApiTags('admin: broadcasts')
@Controller('admin/broadcasts')
export class BroadcastsController {
  constructor(private readonly broadcasts: BroadcastsService) {}

  @Answers(
    object({
      seasons: list(object({ id: text, name: text, name_en: text })),
      competitions: list(object({ id: text, name: text, name_en: text })),
    }),
  )
  @Get('choices')
  @Roles('admin', 'sub_admin')
  @ApiOperation({ summary: 'The seasons and competitions a segment may name' })
  choices() {
    return this.broadcasts.choices();
  }

  @Answers(shape('BroadcastPreview'))
  @Post('preview')
  @Roles('admin', 'sub_admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whom a segment reaches (by channel, unreachable, unsubscribed) and the text in each language',
  })
  preview(@Body() body: BroadcastPreviewDto, @CurrentAuth() auth: Auth) {
    return this.broadcasts.preview(auth.user, body);
  }

  @Answers({ allOf: [shape('BroadcastRecord'), object({ message: text })] })
  @Post()
  @Roles('admin', 'sub_admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Saves a broadcast to send now or at send_at (Riyadh time); its messages go through the outbox',
  })
  async create(@Body() body: BroadcastDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const record = await this.broadcasts.create(auth.user, body);
    const now = new Date(record.send_at).getTime() <= Date.now();
    return { ...record, message: translate(lang, now ? 'broadcast.sending' : 'broadcast.scheduled') };
  }

  @Answers({ allOf: [shape('BroadcastRecord'), object({ message: text })] })
  @Put(':id')
  @Roles('admin', 'sub_admin')
  @ApiOperation({ summary: 'Changes a scheduled broadcast (refused once it started sending)' })
  async update(@Param('id') id: string, @Body() body: BroadcastDto, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const record = await this.broadcasts.update(auth.user, id, body);
    return { ...record, message: translate(lang, 'broadcast.updated') };
  }

  @Answers(done({ record: shape('BroadcastRecord') }))
  @Post(':id/cancel')
  @Roles('admin', 'sub_admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels a scheduled broadcast (refused once it started sending)' })
  async cancel(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const record = await this.broadcasts.cancel(auth.user, id);
    return { success: true, message: translate(lang, 'broadcast.cancel_done'), record };
  }

  @Answers(done({ requeued: int }))
  @Post(':id/retry')
  @Roles('admin', 'sub_admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Queues the broadcast's failed messages again, each once (audited)" })
  async retry(@Param('id') id: string, @CurrentAuth() auth: Auth, @Lang() lang: Lang) {
    const requeued = await this.broadcasts.retryFailed(auth.user, id);
    return {
      success: true,
      requeued,
      message: translate(lang, requeued ? 'broadcast.retried' : 'broadcast.nothing_to_retry'),
    };
  }
}

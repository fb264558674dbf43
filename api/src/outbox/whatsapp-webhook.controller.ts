import { Controller, Get, HttpCode, Inject, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiExcludeEndpoint, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/roles';
import { AppError } from '../common/app-error';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { ipTracker } from '../rate-limit/signin-throttle.guard';
import { OutboxService } from './outbox.service';
import { sameSecret, statusesOf, validSignature } from './whatsapp-webhook';
import { Answers, int, ok } from '../common/answers';

/**
 * WhatsApp's status webhooks (Meta's app dashboard: callback URL `{PUBLIC_API_URL}/api/whatsapp/webhook`,
 * field `messages`; docs/deploy.md). GET answers Meta's verification with the challenge when the verify
 * token matches; POST takes a delivery signed with the app secret (X-Hub-Signature-256 over the raw
 * body) and moves the outbox's messages forward. A refused delivery changes nothing and counts against
 * its address (RATE_LIMIT_ADDRESS a minute); the body is never logged. Without WHATSAPP_APP_SECRET and
 * WHATSAPP_VERIFY_TOKEN (development) the route answers 404.
 */
@ApiTags('whatsapp')
@Controller('whatsapp/webhook')
export class WhatsappWebhookController {
  private readonly logger = new Logger('WhatsApp');

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly limits: ThrottlerStorage,
    private readonly outbox: OutboxService,
  ) {}

  @Get()
  @Public()
  @ApiExcludeEndpoint()
  async verify(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const token = this.config.whatsapp?.verifyToken;
    if (!token || !this.config.whatsapp?.appSecret) throw new AppError(404, 'request.not_found');
    const challenge = query['hub.challenge'];
    const given = query['hub.verify_token'];
    const ok =
      query['hub.mode'] === 'subscribe' &&
      typeof given === 'string' &&
      sameSecret(given, token) &&
      typeof challenge === 'string' &&
      /^[\w-]{1,200}$/.test(challenge);
    if (!ok) await this.refused(req, reply, 403, 'whatsapp.bad_verify_token');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  }

  @Answers(ok({ changed: int }))
  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: "WhatsApp's message status webhook (signed by Meta with X-Hub-Signature-256)" })
  @ApiHeader({
    name: 'X-Hub-Signature-256',
    required: true,
    description: 'sha256= HMAC of the body with the app secret',
  })
  @ApiBody({ description: 'Meta’s webhook payload (entry[].changes[].value.statuses[])', schema: { type: 'object' } })
  async receive(@Req() req: FastifyRequest & { rawBody?: string }, @Res({ passthrough: true }) reply: FastifyReply) {
    const secret = this.config.whatsapp?.appSecret;
    if (!secret || !this.config.whatsapp?.verifyToken) throw new AppError(404, 'request.not_found');
    if (typeof req.rawBody !== 'string' || !validSignature(secret, req.rawBody, req.headers['x-hub-signature-256']))
      await this.refused(req, reply, 401, 'whatsapp.bad_signature');
    const changed = await this.outbox.recordDeliveries(statusesOf(req.body));
    return { success: true, changed };
  }

  /** A refusal, counted against the caller's address: past the limit it is a 429. Never the body in the log. */
  private async refused(
    req: FastifyRequest,
    reply: FastifyReply,
    status: 401 | 403,
    key: 'whatsapp.bad_signature' | 'whatsapp.bad_verify_token',
  ): Promise<never> {
    const { isBlocked, timeToExpire } = await this.limits.increment(
      `whatsapp-webhook:${ipTracker(req as unknown as Record<string, unknown>)}`,
      60_000,
      this.config.rateLimit.failedPerAddress,
      0,
      'whatsapp-webhook',
    );
    this.logger.warn(
      `refused a WhatsApp webhook call (${status === 401 ? 'bad signature' : 'bad verify token'}) from ${req.ip}`,
    );
    if (isBlocked) {
      reply.header('Retry-After', String(Math.max(1, timeToExpire)));
      throw new AppError(429, 'request.too_many');
    }
    throw new AppError(status, key);
  }
}

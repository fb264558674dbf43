import { HttpException } from '@nestjs/common';
import type { MessageKey, MessageParam } from './i18n';

/**
 * An error meant for a person: a status and a message key translated into the caller's language;
 * `field` names the request field at fault (sent as `field`) so a page can show the message there.
 */
export class AppError extends HttpException {
  constructor(
    status: number,
    readonly key: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    readonly field?: string,
    /** More of the answer beside the message (e.g. what a refused sign-up can do next). */
    readonly details?: Record<string, unknown>,
  ) {
    super(key, status);
  }
}

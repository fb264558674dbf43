import { HttpException } from '@nestjs/common';
import type { MessageKey } from './messages';

/**
 * An error meant for a person: a status and a message key translated into the caller's language;
 * `field` names the request field it is about (the body's `field`, so a form can mark it).
 */
export class AppError extends HttpException {
  constructor(
    status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(key, status);
  }
}

import { HttpException } from '@nestjs/common';
import type { MessageKey } from './messages';

/** An error meant for a person: a status and a message key translated into the caller's language. */
export class AppError extends HttpException {
  constructor(
    status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key, status);
  }
}

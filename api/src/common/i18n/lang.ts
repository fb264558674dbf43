import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

export type Lang = 'en' | 'ar';

/** The language of a request: `ar` when the Accept-Language header asks for Arabic first, else English. */
export function langOf(acceptLanguage: string | string[] | undefined): Lang {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header || '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

/** The caller's language as a handler parameter: `@Lang() lang: Lang`. */
export const Lang = createParamDecorator((_: unknown, ctx: ExecutionContext): Lang =>
  langOf(
    ctx.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers[
      'accept-language'
    ],
  ),
);

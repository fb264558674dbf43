import { ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';
import { isMessageKey } from './messages';

function firstError(errors: ValidationError[], prefix = ''): { field: string; message?: string } {
  const err = errors[0];
  const field = prefix + err.property;
  if (err.children?.length) return firstError(err.children, `${field}.`);
  const message = Object.values(err.constraints ?? {})[0];
  return { field, message };
}

/** DTO validation: unknown fields are stripped (no mass assignment), the first problem is named in the caller's language. */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const { field, message } = firstError(errors);
      if (message && isMessageKey(message)) return new AppError(400, message, {}, field);
      return new AppError(400, 'request.invalid_field', { field }, field);
    },
  });
}

import { ValidationError, ValidationPipe, type Type } from '@nestjs/common';
import { AppError } from './app-error';
import { isBlank, requiredField, type RuleMessage } from './dto';
import { isMessageKey, type MessageKey } from './i18n';

interface Problem {
  field: string;
  message: string;
  /** The values of the message's placeholders, from the failed rule's context (see `told`). */
  params?: Record<string, string | number>;
  /** A required field left empty (absent, null or ''), with its own message if it has one. */
  missing: { message?: RuleMessage } | false;
}

/** Every field's first problem, nested fields named with dots (`education.grade`). */
function problems(errors: ValidationError[], prefix = ''): Problem[] {
  return errors.flatMap((err) => {
    const field = prefix + err.property;
    if (err.children?.length) return problems(err.children, `${field}.`);
    const [rule, message] = Object.entries(err.constraints ?? {})[0] ?? ['', ''];
    const params = (err.contexts?.[rule] as { params?: Problem['params'] } | undefined)?.params;
    const missing = !!err.target && isBlank(err.value) && requiredField(err.target, err.property);
    return [{ field, message, params, missing }];
  });
}

/**
 * The one answer to a body that fails its DTO: a field of the wrong type first (400
 * `request.invalid_field` naming it), then a missing required field (the form's one message), then
 * a rule with its own message (e.g. 'account.bad_gender', or one with its params: see `told` in
 * common/dto.ts), in the DTO's field order.
 */
function failure(errors: ValidationError[], missing: MessageKey): AppError {
  const all = problems(errors);
  const wrong = all.find((p) => !p.missing && !isMessageKey(p.message));
  if (wrong) return new AppError(400, 'request.invalid_field', { field: wrong.field }, wrong.field);
  const empty = all.find((p) => p.missing);
  if (empty?.missing) {
    const message = empty.missing.message ?? missing;
    return typeof message === 'string' ? new AppError(400, message) : new AppError(400, message.key, message.params);
  }
  const rule = all[0];
  return new AppError(400, rule.message as MessageKey, rule.params ?? {}, rule.field);
}

/**
 * DTO validation: unknown fields are stripped (no mass assignment), the first problem is named in
 * the caller's language. `partial` (an update) checks only the fields sent, so an absent field
 * stays unchanged; `missing` is the message for a required field left empty.
 */
export function validationPipe({
  partial = false,
  missing = 'admin.fill_form',
}: { partial?: boolean; missing?: MessageKey } = {}): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    skipUndefinedProperties: partial,
    // The failing DTO and value, so an empty required field is told apart (never sent to the client).
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => failure(errors, missing),
  });
}

const pipes = new Map<string, ValidationPipe>();

/**
 * Validates a body the way the global pipe does a controller's `@Body()` DTO, for writes whose DTO
 * is chosen at run time (each back-office resource declares its own). Returns the DTO instance,
 * trimmed and converted; throws the AppError to answer.
 */
export async function validateBody<T extends object>(
  dto: Type<T>,
  body: unknown,
  options: { partial?: boolean; missing?: MessageKey } = {},
): Promise<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(400, 'request.bad');
  const id = `${options.partial ?? false}:${options.missing ?? ''}`;
  let pipe = pipes.get(id);
  if (!pipe) pipes.set(id, (pipe = validationPipe(options)));
  return pipe.transform(body, { type: 'body', metatype: dto }) as Promise<T>;
}

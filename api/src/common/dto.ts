import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value;

/** An optional text field, trimmed (numbers accepted as text), at most `max` characters. */
export function Text(max = 200): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(trim)(target, key);
    IsString()(target, key);
    MaxLength(max)(target, key);
  };
}

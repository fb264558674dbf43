import { APPLY_AS, LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { Required, Text } from '../common/dto';

/** A choice the form makes from a fixed list; anything else is told as the form's one message. */
const Choice = (allowed: readonly string[]): PropertyDecorator =>
  ValidateBy(
    { name: 'isChoice', validator: { validate: (v) => v === undefined || allowed.includes(String(v)) } },
    { message: 'judge.fields_empty' },
  );

/**
 * The judge and referee application's text fields (multipart, collected before the files are
 * read); every one is required: 'Please fill in the form.'
 */
export class JudgeApplicationDto {
  @ApiProperty() @Required('judge.fields_empty') @Text(LIMITS.titleMax) organization_name?: string;
  @ApiProperty() @Required('judge.fields_empty') @Text(100) city?: string;
  @ApiProperty({ enum: APPLY_AS }) @Required('judge.fields_empty') @Text(10) @Choice(APPLY_AS) apply_as?: string;
  /** Prior experience: 'yes' or 'no', or a JSON boolean or 1/0 meaning the same. */
  @ApiProperty({ enum: ['yes', 'no'] })
  @Required('judge.fields_empty')
  @Choice(['yes', 'no'])
  @Text(3)
  @Transform(({ value }) => (value === true || value === 1 ? 'yes' : value === false || value === 0 ? 'no' : value))
  pexperince?: string;
}

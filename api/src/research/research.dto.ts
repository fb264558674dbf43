import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Required, Text } from '../common/dto';

/** A research entry's text fields (multipart, beside its file); no title is 'Please enter a title…'. */
export class ResearchDto {
  @ApiProperty({ maxLength: LIMITS.titleMax })
  @Required('research.fields_empty')
  @Text(LIMITS.titleMax)
  title?: string;

  @ApiProperty({ required: false, maxLength: LIMITS.descriptionMax })
  @Text(LIMITS.descriptionMax)
  desc?: string;
}

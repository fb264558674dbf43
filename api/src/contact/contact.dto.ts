import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Digits, Required, Text } from '../common/dto';

/** The public contact form; a field left empty is told 'Please fill in all the fields'. */
export class ContactDto {
  @ApiProperty() @Required('contact.fields_empty') @Text(LIMITS.nameMax) name?: string;
  @ApiProperty() @Required('contact.fields_empty') @Text(LIMITS.emailMax) email?: string;
  @ApiProperty({ required: false }) @Digits(LIMITS.phoneMax) phone?: string;
  @ApiProperty() @Required('contact.fields_empty') @Text(LIMITS.contactMessageMax) message?: string;
}

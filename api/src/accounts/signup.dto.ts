import { ENTITY_KINDS, ENTITY_TYPES, LANGUAGES, MEMBER_TYPES, LIMITS, type Language } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Checkbox, Digits, LanguageOf, NoneAsEmpty, Text } from '../common/dto';

/**
 * The sign-up payload `userInof`, field names as the contract spells them. Fields arrive as text, or
 * as the JSON numbers and booleans the contract's clients send (`type: 0`, `grade: 7`,
 * `subscription: true`); the rules per role (spec §5) are checked by SignupService so each gets its
 * message. A field that does not apply may come as the contract's filler `None`: it reads as empty
 * and is not stored.
 */
export class UserInfoDto {
  @ApiProperty() @Text(LIMITS.nameMax) name?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(20) national_id?: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @NoneAsEmpty() @Text(20) date_birth?: string;
  @ApiProperty({ description: 'ISO 3166 alpha-2, default SA' }) @NoneAsEmpty() @Text(10) countrySelected?: string;
  @ApiProperty({ description: 'region id' }) @NoneAsEmpty() @Text(60) region?: string;
  @ApiProperty() @Text(LIMITS.emailMax) email?: string;
  @ApiProperty({ enum: ENTITY_TYPES })
  @NoneAsEmpty()
  @Text(40)
  entityType?: string;
  @ApiProperty({
    enum: ENTITY_KINDS,
    required: false,
    description:
      'entities: the kind of organisation; VAT (tax_id) and CR numbers are required for private_school and company (and when no kind is sent)',
  })
  @NoneAsEmpty()
  @Text(40)
  entityKind?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) tax_id?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) crNumber?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(LIMITS.phoneMax) phone_number?: string;
  @ApiProperty() @Text(LIMITS.passwordMax) password?: string;
  @ApiProperty() @Text(LIMITS.passwordMax) cpassword?: string;
  @ApiProperty({ enum: MEMBER_TYPES }) @Text(10) type?: string;
  /** Sent by the contract's clients (true, "true", "None"); never read: the server decides the subscription by the type. */
  @ApiProperty({ required: false, description: 'ignored: the server decides the subscription' })
  @Checkbox()
  subscription?: boolean;
  @ApiProperty() @NoneAsEmpty() @Text(150) schoolname?: string;
  @ApiProperty({ description: 'students: Elementry, Jonior or Senior; coaches: the academic qualification' })
  @NoneAsEmpty()
  @Text(150)
  ElevelSelected?: string;
  @ApiProperty({ description: 'city' }) @NoneAsEmpty() @Text(100) regionSelected?: string;
  @ApiProperty({ description: '1 to 12' }) @NoneAsEmpty() @Digits(10) grade?: string;
  @ApiProperty() @NoneAsEmpty() @Text(LIMITS.nameMax) guardianname?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(LIMITS.phoneMax) guardianphone?: string;
  @ApiProperty() @NoneAsEmpty() @Text(LIMITS.nameMax) supervisor_name?: string;
  @ApiProperty() @NoneAsEmpty() @Text(LIMITS.emailMax) supervisor_email?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(20) supervisor_id?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(LIMITS.phoneMax) supervisor_phone?: string;
  @ApiProperty({ description: 'required: the terms and the privacy policy accepted (true, "true" or "on")' })
  @Checkbox()
  accept_terms?: boolean;
  @ApiProperty({
    required: false,
    description: 'a student under 18: the guardian\'s consent to the sign-up (true, "true" or "on")',
  })
  @Checkbox()
  guardian_consent?: boolean;
  @ApiProperty({
    enum: LANGUAGES,
    required: false,
    description:
      "the language of the member's messages: the page's language (the member site sends it); without it, the request's language (Accept-Language: ar… is Arabic, anything else English). Anything but ar or en is refused",
  })
  @LanguageOf()
  language?: Language;
}

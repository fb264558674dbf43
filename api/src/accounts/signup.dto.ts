import { MEMBER_TYPES } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Checkbox, Digits, NoneAsEmpty, Text } from '../common/dto';

/**
 * The sign-up payload `userInof`, field names as the contract spells them. Everything arrives as
 * text; the rules per role (spec §5) are checked by SignupService so each gets its message. A field
 * that does not apply may come as the contract's filler `None`: it reads as empty and is not stored.
 */
export class UserInfoDto {
  @ApiProperty() @Text(100) name?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(20) national_id?: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @NoneAsEmpty() @Text(20) date_birth?: string;
  @ApiProperty({ description: 'ISO 3166 alpha-2, default SA' }) @NoneAsEmpty() @Text(10) countrySelected?: string;
  @ApiProperty({ description: 'region id' }) @NoneAsEmpty() @Text(60) region?: string;
  @ApiProperty() @Text(254) email?: string;
  @ApiProperty({ enum: ['School', 'University', 'GOV', 'Company', 'Non-Profit', 'Club/Center', 'Institute', 'Other'] })
  @NoneAsEmpty()
  @Text(40)
  entityType?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) tax_id?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) crNumber?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(30) phone_number?: string;
  @ApiProperty() @Text(256) password?: string;
  @ApiProperty() @Text(256) cpassword?: string;
  @ApiProperty({ enum: MEMBER_TYPES }) @Text(10) type?: string;
  @ApiProperty() @NoneAsEmpty() @Text(10) subscription?: string;
  @ApiProperty() @NoneAsEmpty() @Text(150) schoolname?: string;
  @ApiProperty({ description: 'students: Elementry, Jonior or Senior; coaches: the academic qualification' })
  @NoneAsEmpty()
  @Text(150)
  ElevelSelected?: string;
  @ApiProperty({ description: 'city' }) @NoneAsEmpty() @Text(100) regionSelected?: string;
  @ApiProperty({ description: '1 to 12' }) @NoneAsEmpty() @Digits(10) grade?: string;
  @ApiProperty() @NoneAsEmpty() @Text(100) guardianname?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(30) guardianphone?: string;
  @ApiProperty() @NoneAsEmpty() @Text(100) supervisor_name?: string;
  @ApiProperty() @NoneAsEmpty() @Text(254) supervisor_email?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(20) supervisor_id?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(30) supervisor_phone?: string;
  @ApiProperty({ description: 'required: the terms and the privacy policy accepted (true, "true" or "on")' })
  @Checkbox()
  accept_terms?: boolean;
  @ApiProperty({
    required: false,
    description: 'a student under 18: the guardian\'s consent to the sign-up (true, "true" or "on")',
  })
  @Checkbox()
  guardian_consent?: boolean;
}

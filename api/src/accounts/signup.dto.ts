import { ApiProperty } from '@nestjs/swagger';
import { Checkbox, Digits, Text } from '../common/dto';

/**
 * The sign-up payload `userInof`, field names as the contract spells them. Everything arrives as
 * text; the rules per role (spec §5) are checked by SignupService so each gets its message.
 */
export class UserInfoDto {
  @ApiProperty() @Text(100) name?: string;
  @ApiProperty() @Digits(20) national_id?: string;
  @ApiProperty({ description: 'YYYY-MM-DD' }) @Text(20) date_birth?: string;
  @ApiProperty({ description: 'ISO 3166 alpha-2, default SA' }) @Text(10) countrySelected?: string;
  @ApiProperty({ description: 'region id' }) @Text(60) region?: string;
  @ApiProperty() @Text(254) email?: string;
  @ApiProperty({ enum: ['School', 'University', 'GOV', 'Company', 'Non-Profit', 'Club/Center', 'Institute', 'Other'] })
  @Text(40)
  entityType?: string;
  @ApiProperty() @Digits(40) tax_id?: string;
  @ApiProperty() @Digits(40) crNumber?: string;
  @ApiProperty() @Digits(30) phone_number?: string;
  @ApiProperty() @Text(256) password?: string;
  @ApiProperty() @Text(256) cpassword?: string;
  @ApiProperty({ enum: [0, 1, 2] }) @Text(10) type?: string;
  @ApiProperty() @Text(10) subscription?: string;
  @ApiProperty() @Text(150) schoolname?: string;
  @ApiProperty({ description: 'students: Elementry, Jonior or Senior; coaches: the academic qualification' })
  @Text(150)
  ElevelSelected?: string;
  @ApiProperty({ description: 'city' }) @Text(100) regionSelected?: string;
  @ApiProperty({ description: '1 to 12' }) @Digits(10) grade?: string;
  @ApiProperty() @Text(100) guardianname?: string;
  @ApiProperty() @Digits(30) guardianphone?: string;
  @ApiProperty() @Text(100) supervisor_name?: string;
  @ApiProperty() @Text(254) supervisor_email?: string;
  @ApiProperty() @Digits(20) supervisor_id?: string;
  @ApiProperty() @Digits(30) supervisor_phone?: string;
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

import { ENTITY_KINDS, GENDERS, LANGUAGES, LIMITS, type Language } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Checkbox, Digits, LanguageOf, NoneAsEmpty, Required, Text } from '../common/dto';

export class EducationDto {
  @ApiProperty() @NoneAsEmpty() @Text(150) school_name?: string;
  @ApiProperty() @NoneAsEmpty() @Text(150) education_admin?: string;
  @ApiProperty() @NoneAsEmpty() @Text(150) level?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(10) grade?: string;
}

export class SupervisorDto {
  @ApiProperty() @Text(LIMITS.nameMax) name?: string;
  @ApiProperty() @Text(LIMITS.emailMax) email?: string;
  @ApiProperty() @Digits(LIMITS.phoneMax) phone_number?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(20) supervisor_id?: string;
}

/** An entity's national address, as a standard tax invoice's buyer needs it. */
export class BuyerAddressDto {
  @ApiProperty() @Text(150) street?: string;
  @ApiProperty({ description: '4 digits (Arabic-Indic accepted)' }) @Digits(10) building?: string;
  @ApiProperty() @Text(100) district?: string;
  @ApiProperty() @Text(100) city?: string;
  @ApiProperty({ description: '5 digits (Arabic-Indic accepted)' }) @Digits(10) postal_code?: string;
}

/**
 * The fields a member may change on the account page. Anything else in the body (type,
 * subcription, dates, isVerified, plan, e-mail, national ID, another id) is stripped.
 */
export class ProfileDto {
  @ApiProperty() @Text(LIMITS.nameMax) name?: string;
  @ApiProperty() @Digits(LIMITS.phoneMax) phone_number?: string;
  @ApiProperty({
    description:
      'YYYY-MM-DD; set at sign-up: only the value on the account is accepted (a correction request changes it)',
  })
  @NoneAsEmpty()
  @Text(20)
  dob?: string;
  @ApiProperty({ enum: ['Male', 'Female'] })
  @NoneAsEmpty()
  @IsOptional()
  @IsIn([...GENDERS, '', null], { message: 'account.bad_gender' })
  gender?: string | null;
  @ApiProperty() @NoneAsEmpty() @Text(10) nationality?: string;
  @ApiProperty({ description: 'region id' }) @NoneAsEmpty() @Text(60) region?: string;
  @ApiProperty() @NoneAsEmpty() @Text(100) city?: string;
  @ApiProperty() @NoneAsEmpty() @Text(40) entityType?: string;
  @ApiProperty({ enum: ENTITY_KINDS, required: false, description: 'entities: the kind of organisation' })
  @NoneAsEmpty()
  @Text(40)
  entityKind?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) tax_id?: string;
  @ApiProperty() @NoneAsEmpty() @Digits(40) crNumber?: string;
  @ApiProperty({ required: false, description: 'entities: the legal name on a standard tax invoice' })
  @Text(200)
  legal_name?: string;
  @ApiProperty({
    type: BuyerAddressDto,
    required: false,
    description: 'entities: the national address on a standard tax invoice (all five fields, or none)',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BuyerAddressDto)
  address?: BuyerAddressDto;
  @ApiProperty({ type: EducationDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EducationDto)
  education?: EducationDto;
  @ApiProperty({ type: SupervisorDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SupervisorDto)
  supervisor?: SupervisorDto;
  @ApiProperty({
    required: false,
    description: 'students and coaches: "Show my public profile" (a minor\'s is off until turned on)',
  })
  @Checkbox()
  public_profile?: boolean;
}

/** POST /api/accounts/language: the language of the member's messages. */
export class LanguageDto {
  @ApiProperty({ enum: LANGUAGES, description: 'ar or en; anything else (or nothing) is refused' })
  @Required('account.bad_language')
  @LanguageOf()
  language!: Language;
}

export class ChangePasswordDto {
  @ApiProperty({ description: 'the current password' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;
  @ApiProperty({ description: 'the new password' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  npassword?: string;
  @ApiProperty({ description: 'the new password again' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  cpassword?: string;
}

export class SkillDto {
  @ApiProperty({ required: false }) @Text(60) skillname?: string;
  @ApiProperty({ required: false }) @Text(60) name?: string;
  @ApiProperty({ required: false }) @Text(60) id?: string;
}

export class PublicProfileDto {
  @ApiProperty() @Text(60) id?: string;
}

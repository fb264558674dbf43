import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { AsciiDigits } from '../common/dto';

const asText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

const TICKET = 'the opaque ticket from sign-up, getuser (verification) or otp/forget (reset), not an account id';

export class SendCodeDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(30) @AsciiDigits() phone_number?: string;
  @ApiProperty({ description: TICKET }) @IsOptional() @IsString() @MaxLength(200) user_id?: string;
}

export class PhoneCodeDto {
  @ApiProperty() @IsOptional() @AsciiDigits() @Transform(asText) @IsString() @MaxLength(20) code?: string;
}

export class CheckCodeDto extends PhoneCodeDto {
  @ApiProperty({ description: TICKET }) @IsOptional() @IsString() @MaxLength(200) user_id?: string;
}

export class ForgotDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(254) email?: string;
}

export class NewPasswordDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(LIMITS.passwordMax) password?: string;
  @ApiProperty({ required: false }) @IsOptional() @IsString() @MaxLength(LIMITS.passwordMax) cpassword?: string;
}

const CLAIM_TICKET =
  'the claim ticket of a sign-up refused because an unverified sign-up holds its ID or e-mail (claim.ticket)';

/** A code to the phone or e-mail on record of the unverified sign-up holding an ID (POST /api/signup/claim). */
export class ClaimCodeDto {
  @ApiProperty({ description: CLAIM_TICKET }) @IsOptional() @IsString() @MaxLength(200) user_id?: string;
  @ApiProperty({
    enum: ['phone', 'email'],
    description: 'where the code goes: the phone (WhatsApp) or the e-mail on record',
  })
  @IsIn(['phone', 'email'])
  via!: 'phone' | 'email';
}

/** A sign-up's proof that its person owns the phone or e-mail of the unverified sign-up holding its ID. */
export class ClaimDto extends PhoneCodeDto {
  @ApiProperty({ description: CLAIM_TICKET }) @IsOptional() @IsString() @MaxLength(200) user_id?: string;
}

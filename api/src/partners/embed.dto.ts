import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { AsciiDigits } from '../common/dto';

/** A partner's client id and key as they are sent; the service refuses an over-long one as unknown. */
const PARTNER_ID_MAX = 200;
const PARTNER_KEY_MAX = 500;

/**
 * Whether a client id and key pair is registered. Anything but text in either, or text too long to
 * be one, is an unknown partner (the same 404, counted as a failed attempt), never a hint of which
 * field was wrong.
 */
export class PartnerCheckDto {
  @ApiProperty({ required: false, maxLength: PARTNER_ID_MAX, description: 'The partner’s client id' })
  @Transform(({ value }) => (typeof value === 'string' ? value : undefined))
  @IsOptional()
  @IsString()
  id?: string;

  @ApiProperty({ required: false, maxLength: PARTNER_KEY_MAX })
  @Transform(({ value }) => (typeof value === 'string' ? value : undefined))
  @IsOptional()
  @IsString()
  key?: string;
}

/** The embedded sign-in on a partner page; a password is taken as typed (never trimmed). */
export class EmbedSigninDto {
  @ApiProperty({ required: false, maxLength: PARTNER_ID_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(PARTNER_ID_MAX)
  client_id?: string;

  @ApiProperty({ required: false, maxLength: PARTNER_KEY_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(PARTNER_KEY_MAX)
  key?: string;

  @ApiProperty({ required: false, description: 'National ID (students, coaches) or an entity’s e-mail' })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.emailMax)
  @AsciiDigits()
  national_id?: string;

  @ApiProperty({ required: false, maxLength: LIMITS.passwordMax })
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;
}

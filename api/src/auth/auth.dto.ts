import { STAFF_TYPES, LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

export class AdminSigninDto {
  @ApiProperty({ description: "The admin's e-mail" })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  national_id?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;

  @ApiProperty({ required: false, enum: [4] })
  @IsOptional()
  @Transform(toNumber)
  @IsIn([...STAFF_TYPES], { message: 'auth.unknown_type' })
  type?: number;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsIn(['signin'])
  loginType?: 'signin';
}

/** The code step of a staff sign-in: the password step's challenge and a code from the app or a recovery code. */
export class TwoFactorSigninDto {
  /** Checked by the service: anything but the live challenge of a staff member is "this step has expired". */
  @ApiProperty({ description: 'The challenge the password step answered' })
  @IsOptional()
  challenge?: unknown;

  @ApiProperty({
    description: 'The 6-digit code of the authenticator app (Arabic-Indic digits too), or a recovery code',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string;
}

/** A code from the authenticator app, to end enrolment. */
export class TwoFactorCodeDto {
  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string;
}

/** The password, to turn two-factor sign-in off. */
export class PasswordDto {
  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;
}

/** A staff member's own password change: the current one, the new one twice. */
export class StaffPasswordDto {
  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  npassword?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  cpassword?: string;
}

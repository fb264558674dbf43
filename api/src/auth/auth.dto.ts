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

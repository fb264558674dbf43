import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

export class SigninDto {
  @ApiProperty({ description: 'National ID (students, coaches) or e-mail (entities, admins)' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  national_id?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(256)
  password?: string;

  @ApiProperty({ enum: [0, 1, 2], description: '0 student, 1 coach, 2 entity' })
  @Transform(toNumber)
  @IsIn([0, 1, 2], { message: 'auth.unknown_type' })
  type!: 0 | 1 | 2;

  @ApiProperty({ enum: ['signin', 'signup'] })
  @IsIn(['signin', 'signup'])
  loginType!: 'signin' | 'signup';
}

export class AdminSigninDto {
  @ApiProperty({ description: "The admin's e-mail" })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  national_id?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(256)
  password?: string;

  @ApiProperty({ required: false, enum: [4] })
  @IsOptional()
  @Transform(toNumber)
  @IsIn([4, 5], { message: 'auth.unknown_type' })
  type?: number;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsIn(['signin'])
  loginType?: 'signin';
}

import { MEMBER_TYPES, LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { UserInfoDto } from './signup.dto';
import { AsciiDigits } from '../common/dto';
import { ClaimDto } from './verification.dto';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

export class SigninDto {
  @ApiProperty({ description: 'National ID (students, coaches) or e-mail (entities, admins)' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  @AsciiDigits()
  national_id?: string;

  @ApiProperty()
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.passwordMax)
  password?: string;

  @ApiProperty({ enum: MEMBER_TYPES, description: 'sign-in only: 0 student, 1 coach, 2 entity' })
  @ValidateIf((o: SigninDto) => o.loginType !== 'signup')
  @Transform(toNumber)
  @IsIn([...MEMBER_TYPES], { message: 'auth.unknown_type' })
  type!: 0 | 1 | 2;

  @ApiProperty({ enum: ['signin', 'signup'] })
  @IsIn(['signin', 'signup'])
  loginType!: 'signin' | 'signup';

  @ApiProperty({ required: false, type: UserInfoDto, description: 'sign-up only' })
  @ValidateIf((o: SigninDto) => o.loginType === 'signup')
  @IsObject()
  @ValidateNested()
  @Type(() => UserInfoDto)
  userInof?: UserInfoDto;

  @ApiProperty({
    required: false,
    type: ClaimDto,
    description:
      'sign-up only: the claim ticket and the code sent by POST /api/signup/claim, to take over the unverified sign-up holding the ID or e-mail',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ClaimDto)
  claim?: ClaimDto;
}

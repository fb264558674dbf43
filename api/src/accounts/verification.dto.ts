import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const asText = ({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value);

export class SendCodeDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(30) phone_number?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(60) user_id?: string;
}

export class CheckCodeDto {
  @ApiProperty() @IsOptional() @Transform(asText) @IsString() @MaxLength(20) code?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(60) user_id?: string;
}

export class ForgotDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(254) email?: string;
}

export class NewPasswordDto {
  @ApiProperty() @IsOptional() @IsString() @MaxLength(256) password?: string;
  @ApiProperty({ required: false }) @IsOptional() @IsString() @MaxLength(256) cpassword?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Text } from '../common/dto';

/** A member's own deletion: their password confirms it (as typed: a password is never trimmed). */
export class DeletionDto {
  @ApiProperty({ description: "The member's password" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  password?: string;
}

/** Staff's deletion on a member's (or a guardian's) request: who asked, and how. */
export class StaffDeletionDto {
  @ApiProperty({ description: 'Who asked and how (500 characters at most)' }) @Text(500) reason?: string;
}

import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Digits, NoneAsEmpty, Text } from '../common/dto';

/** A member's request to correct their date of birth and/or grade; a field left empty stays as it is. */
export class CorrectionRequestDto {
  @ApiProperty({ required: false, description: 'the correct date of birth, YYYY-MM-DD' })
  @NoneAsEmpty()
  @Text(20)
  dob?: string;
  @ApiProperty({ required: false, description: 'students: the correct grade, 1 to 12' })
  @NoneAsEmpty()
  @Digits(10)
  grade?: string;
  @ApiProperty({
    required: false,
    description: `why, shown to staff only (at most ${LIMITS.correctionReasonMax} characters)`,
  })
  @NoneAsEmpty()
  @Text(LIMITS.correctionReasonMax)
  reason?: string;
}

import { LIMITS } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { Bool, Money, Required, Text, type RuleMessage } from '../common/dto';

const BAD_AMOUNT: RuleMessage = 'refund.bad_amount';
const NO_REASON: RuleMessage = { key: 'refund.reason_required', params: { max: LIMITS.refundReasonMax } };

/**
 * A refund of a paid order as an admin asks for it: an amount greater than zero with at most two
 * decimals, a reason, and whether to end the subscription the order gave even when only part of it
 * is refunded. Never more than is left: the service checks that under the order's lock.
 */
export class RefundDto {
  @ApiProperty({
    required: false,
    description: 'SAR, e.g. "100.50" (Arabic-Indic digits accepted); required unless team_id names a line',
  })
  // A team's line is refunded in full: no amount is asked for.
  @ValidateIf((dto: RefundDto) => !dto.team_id)
  @Required(BAD_AMOUNT)
  @Money({ positive: true, message: BAD_AMOUNT })
  amount?: string;

  @ApiProperty({ maxLength: LIMITS.refundReasonMax })
  @Required(NO_REASON)
  @Text(LIMITS.refundReasonMax, NO_REASON)
  reason?: string;

  @ApiProperty({ required: false })
  @Bool()
  end_subscription?: boolean;

  @ApiProperty({
    required: false,
    format: 'uuid',
    description:
      'A school’s order for several teams: the team whose fee is refunded (its line, in full; no amount needed)',
  })
  @Text(100)
  team_id?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsOptional } from 'class-validator';
import { Int, Text } from '../common/dto';

/**
 * The member's payment calls (spec §7): which plan to buy, which of their orders to check, list or
 * draw the invoice of. An id is text here; one that names none of the member's orders (or plans)
 * is the service's 404, a value of the wrong type a 400 naming the field.
 */
export class SubscribeDto {
  @ApiProperty({ required: false, format: 'uuid', description: 'The plan to buy' })
  @Text(100)
  plan_id?: string;
}

export class OrderRefDto {
  @ApiProperty({ required: false, format: 'uuid', description: 'One of the member’s orders' })
  @Text(100)
  order_id?: string;
}

export class PaymentCheckDto extends OrderRefDto {
  @ApiProperty({ required: false, description: 'The provider’s reference (read from the order, not from here)' })
  @Text(200)
  ref?: string;
}

export class OrdersPageDto {
  @ApiProperty({ required: false, type: 'integer', minimum: 0, maximum: 100_000, default: 0 })
  @Int(0, 100_000)
  page?: number;
}

/** The member site's pending payment record of one of the member's orders (spec §7 /api/seasons/). */
export class PendingPaymentDto extends OrderRefDto {
  @ApiProperty({ required: false, maxLength: 20, default: 'telr', description: 'The provider' })
  @Text(20)
  type?: string;

  @ApiProperty({ required: false, maxLength: 200 })
  @Text(200)
  ref?: string;

  @ApiProperty({ required: false, type: Object, additionalProperties: true, nullable: true })
  @IsOptional()
  @IsObject()
  data?: Record<string, unknown> | null;
}

/** What the sandbox provider's page posts: the button pressed. */
export class SandboxActionDto {
  @ApiProperty({ enum: ['pay', 'decline', 'cancel'] })
  @Text(20)
  action?: string;
}

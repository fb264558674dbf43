import {
  BROADCAST_AUDIENCES,
  BROADCAST_CHANNELS,
  LIMITS,
  MEMBER_TYPES,
  SUBSCRIPTION_STATES,
  TEAM_STATES,
  type BroadcastAudience,
  type BroadcastChannel,
  type MemberType,
  type SubscriptionState,
  type TeamState,
} from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsObject, ValidateNested } from 'class-validator';
import { Bool, Checkbox, Int, Moment, OneOf, OptionalId, Required, Text } from '../common/dto';

/** A segment: the filters staff use on the users and teams lists (each optional), and who receives it. */
export class SegmentDto {
  @ApiProperty({ enum: BROADCAST_AUDIENCES, required: false, description: 'members (default) or guardians of minors' })
  @OneOf(BROADCAST_AUDIENCES)
  audience?: BroadcastAudience;
  @ApiProperty({ enum: MEMBER_TYPES, required: false, description: '0 student, 1 coach, 2 entity' })
  @OneOf(MEMBER_TYPES)
  type?: MemberType;
  @ApiProperty({ enum: SUBSCRIPTION_STATES, required: false, description: 'plan state' })
  @OneOf(SUBSCRIPTION_STATES)
  subscription?: SubscriptionState;
  @ApiProperty({ required: false, description: 'an active plan ending within this many days (digits in any script)' })
  @Int(0, LIMITS.broadcastDaysMax)
  expires_within?: number;
  @ApiProperty({ required: false }) @OptionalId() region?: string | null;
  @ApiProperty({ required: false }) @OptionalId() season?: string | null;
  @ApiProperty({ required: false }) @OptionalId() competition?: string | null;
  @ApiProperty({ enum: TEAM_STATES, required: false }) @OneOf(TEAM_STATES) team_state?: TeamState;
  @ApiProperty({ required: false, description: "the team's fee paid or not" }) @Bool() paid?: boolean;
}

/** The channels: a list of whatsapp and/or email (at least one; each once). */
const Channels = (): PropertyDecorator => (target, key) => {
  Required('broadcast.channels_required')(target, key);
  IsArray()(target, key);
  ArrayMaxSize(BROADCAST_CHANNELS.length)(target, key);
  IsIn([...BROADCAST_CHANNELS], { each: true })(target, key);
};

const SegmentField = (): PropertyDecorator => (target, key) => {
  Required()(target, key);
  IsObject()(target, key);
  ValidateNested()(target, key);
  Type(() => SegmentDto)(target, key);
};

/** What the preview reads: the segment and channels, and the text as typed so far (any part may be empty). */
export class BroadcastPreviewDto {
  @ApiProperty({ required: false }) @Text(LIMITS.broadcastSubjectMax) subject_ar?: string;
  @ApiProperty({ required: false }) @Text(LIMITS.broadcastSubjectMax) subject_en?: string;
  @ApiProperty({ required: false }) @Text(LIMITS.broadcastBodyMax) body_ar?: string;
  @ApiProperty({ required: false }) @Text(LIMITS.broadcastBodyMax) body_en?: string;
  @ApiProperty({ enum: BROADCAST_CHANNELS, isArray: true }) @Channels() channels?: BroadcastChannel[];
  @ApiProperty({ type: SegmentDto }) @SegmentField() segment?: SegmentDto;
}

const subjectLong = { key: 'broadcast.subject_long', params: { max: LIMITS.broadcastSubjectMax } } as const;
const bodyLong = { key: 'broadcast.body_long', params: { max: LIMITS.broadcastBodyMax } } as const;

/** A broadcast to save: its text in both languages (all four required), channels, segment, and when. */
export class BroadcastDto {
  @ApiProperty()
  @Required('broadcast.subject_required')
  @Text(LIMITS.broadcastSubjectMax, subjectLong)
  subject_ar?: string;
  @ApiProperty()
  @Required('broadcast.subject_required')
  @Text(LIMITS.broadcastSubjectMax, subjectLong)
  subject_en?: string;
  @ApiProperty() @Required('broadcast.body_required') @Text(LIMITS.broadcastBodyMax, bodyLong) body_ar?: string;
  @ApiProperty() @Required('broadcast.body_required') @Text(LIMITS.broadcastBodyMax, bodyLong) body_en?: string;
  @ApiProperty({ enum: BROADCAST_CHANNELS, isArray: true }) @Channels() channels?: BroadcastChannel[];
  @ApiProperty({ type: SegmentDto }) @SegmentField() segment?: SegmentDto;
  @ApiProperty({
    required: false,
    description: "when to send: an instant, or 'YYYY-MM-DDTHH:mm' on the platform's clock (Riyadh); empty: now",
  })
  @Moment()
  send_at?: Date | null;
}

/** A member's own choice in the account settings. */
export class AnnouncementsDto {
  @ApiProperty({ description: 'true: announcements and reminders reach the member; false: unsubscribed' })
  @Required()
  @Checkbox()
  announcements?: boolean;
}

/**
 * An unsubscribe link's token, in the body (the member site) or the query (List-Unsubscribe's
 * one-click POST, whose body is `List-Unsubscribe=One-Click`).
 */
export class UnsubscribeDto {
  @ApiProperty({ required: false }) @Text(100) token?: string;
  @ApiProperty({ required: false, name: 'List-Unsubscribe' }) @Text(40) 'List-Unsubscribe'?: string;
}

import { EVENT_ROLES, RANKING_KINDS, type EventRole, type RankingKind } from '@platform/contract';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
  ArrayMaxSize,
} from 'class-validator';
import { Digits, Int, OneOf, Required, RequiredId, Text } from '../common/dto';

/** POST /api/judging/events/:id/check-in: the team number typed (Arabic-Indic digits too) or the QR's payload. */
export class CheckInDto {
  @Required() @Text(300) team?: string;
}

/**
 * POST /api/judging/events/:id/scores: one entry of a judge, with the phone's own id for it
 * (`client_id`, a UUID made when the judge pressed Save, so a resend is recognised). `score` for a
 * round of best-of rules (and `time` in seconds where rounds are timed); `points` by criterion for a
 * rubric. Numbers may be typed with Arabic-Indic digits and an Arabic decimal separator.
 */
export class ScoreDto {
  @RequiredId() client_id?: string;
  @Required() @Int(1, 10) round?: number;
  @Required() @Text(300) team?: string;
  @Digits(20) score?: string;
  @Digits(20) time?: string;
  @IsOptional() @IsObject() points?: Record<string, unknown>;
  @Text(500) reason?: string;
}

/**
 * POST /api/admin/event-days/:id/corrections: staff correct a team's score of a round after the day,
 * with a reason (the same fields as a judge's score; the rank is computed again, never sent).
 */
export class CorrectionDto {
  @Required() @Int(1, 10) round?: number;
  @Required() @Text(300) team?: string;
  @Digits(20) score?: string;
  @Digits(20) time?: string;
  @IsOptional() @IsObject() points?: Record<string, unknown>;
  /** Required: the service answers `event.correction_reason` when it is missing or blank. */
  @Text(500) reason?: string;
}

/** POST /api/admin/event-days/:id/staff: assigns an accepted judge or referee (or staff) with a role. */
export class AssignDto {
  @RequiredId() user_id?: string;
  @Required() @OneOf(EVENT_ROLES) role?: EventRole;
}

class CriterionDto {
  @IsString() key!: string;
  @IsString() name!: string;
  @IsString() name_en!: string;
  @IsNumber() max!: number;
}

/** PUT /api/admin/competitions/:id/ranking: the preset chosen and its numbers (checked by the contract's rulesProblem). */
export class RankingDto {
  @Required() @OneOf(RANKING_KINDS) kind?: RankingKind;
  @IsOptional() @IsNumber() rounds?: number;
  @IsOptional() @IsNumber() round_max?: number;
  @IsOptional() @IsBoolean() timed?: boolean;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => CriterionDto)
  criteria?: CriterionDto[];
}

/** POST /api/admin/event-days/:id/awards: a special award or a team advancing, named in both languages. */
export class AwardDto {
  @Required() @OneOf(['special', 'advance']) kind?: 'special' | 'advance';
  @RequiredId() team_id?: string;
  @Required() @Text(150) name?: string;
  @Required() @Text(150) name_en?: string;
}

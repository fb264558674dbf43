import { GRADES, isGrade, LIMITS, toAsciiDigits } from '@platform/contract';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, ValidateBy } from 'class-validator';
import { Bool, FormText, Ids, Int, Money, Moment, OptionalId, Required, RequiredId, Text, Day } from '../../common/dto';

export { NamedDto } from './content.dto';

/** The most people one list of a team's form names. */
const MAX_PEOPLE = 20;

/**
 * A team's `status`: the active switch (a JSON boolean or "true"/"false"), or an admin's decision on
 * a registered team ('approved', 'rejected' or 'changes_requested').
 */
function TeamStatus(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) =>
      value === null ? undefined : value === 'true' ? true : value === 'false' ? false : value,
    )(target, key);
    IsOptional()(target, key);
    IsIn([true, false, 'approved', 'rejected', 'changes_requested'])(target, key);
  };
}

/** A team as the back-office form sends it, or a decision on a registered one. */
export class TeamDto {
  @Required() @FormText(40) team_no?: string;
  @RequiredId() season?: string;
  @RequiredId() competition?: string;
  @OptionalId() entity?: string | null;
  @TeamStatus() status?: boolean | 'approved' | 'rejected' | 'changes_requested';
  @Money({ clear: true }) score?: string | null;
  @Int(1, 100_000, { clear: true }) ranked?: number | null;
  @Ids(MAX_PEOPLE) member_ids?: string[];
  @Ids(MAX_PEOPLE) coach_ids?: string[];
  /** Why a team is rejected or sent back for changes (required then). */
  @Text(LIMITS.teamReasonMax) reason?: string;
  /** Staff hand a registered team over to another of its accepted coaches (the user id). */
  @OptionalId() owner?: string | null;
  /** A payment made outside the provider (cash, a transfer): why staff record it (audited). */
  @Text(LIMITS.teamReasonMax) manual_payment_reason?: string;
}

/**
 * School grades, from the contract's range, each a JSON number or its digits as text (Arabic-Indic
 * digits read as ASCII).
 */
function Grades(max: number): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) =>
      Array.isArray(value)
        ? value.map((g) => {
            const text = typeof g === 'string' || typeof g === 'number' ? toAsciiDigits(String(g)).trim() : '';
            return /^\d{1,2}$/.test(text) ? Number(text) : g;
          })
        : value,
    )(target, key);
    IsOptional()(target, key);
    IsArray()(target, key);
    ArrayMaxSize(max)(target, key);
    ValidateBy(
      { name: 'isGrade', validator: { validate: (g) => typeof g === 'number' && isGrade(g) } },
      { each: true },
    )(target, key);
  };
}

/** Team registration for a season and competition: window, team size, eligibility and fee. */
export class RegistrationDto {
  @RequiredId() season_id?: string;
  @RequiredId() competition_id?: string;
  @Required() @Moment() opens_at?: Date | null;
  @Required() @Moment() closes_at?: Date | null;
  @Int(1, 50) min_members?: number;
  @Int(1, 50) max_members?: number;
  @Int(1, 10) max_coaches?: number;
  @Int(1, 100_000, { clear: true }) max_teams?: number | null;
  @Bool() entity_required?: boolean;
  @Grades(GRADES.max) grades?: number[];
  @Int(0, 100, { clear: true }) min_age?: number | null;
  @Int(0, 100, { clear: true }) max_age?: number | null;
  @Day() age_on?: string | null;
  @Money() fee?: string;
  @Bool() status?: boolean;
}

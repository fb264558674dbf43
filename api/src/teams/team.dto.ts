import { LIMITS, toAsciiDigits } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, ValidateBy } from 'class-validator';
import { Bool, Int, Required, RequiredId, Text, TextList, told } from '../common/dto';

/** The most national IDs one list of a team's form may name. */
const MAX_IDS = 50;
const NATIONAL_ID = new RegExp(`^\\d{${LIMITS.nationalIdDigits}}$`);

/**
 * A list of national IDs: strings or numbers, Arabic-Indic digits read as ASCII, blanks dropped,
 * each once; every one exactly 10 digits.
 */
function NationalIds(): PropertyDecorator {
  return (target, key) => {
    Transform(({ value }) => {
      if (value === null) return [];
      if (!Array.isArray(value)) return value;
      const ids = value.map((v) =>
        typeof v === 'string' || typeof v === 'number' ? toAsciiDigits(String(v).trim()) : v,
      );
      return [...new Set(ids.filter((v) => v !== ''))];
    })(target, key);
    IsOptional()(target, key);
    IsArray(told('team.bad_national_ids'))(target, key);
    ArrayMaxSize(MAX_IDS, told('team.bad_national_ids'))(target, key);
    ValidateBy(
      { name: 'nationalId', validator: { validate: (v) => typeof v === 'string' && NATIONAL_ID.test(v) } },
      { each: true, ...told('team.bad_national_ids') },
    )(target, key);
  };
}

/** POST /api/teams: a coach registers a team for an open registration. */
export class CreateTeamDto {
  @RequiredId() season_id?: string;
  @RequiredId() competition_id?: string;

  @ApiProperty({ maxLength: LIMITS.teamNameMax })
  @Required('team.name_required')
  @Text(LIMITS.teamNameMax, 'team.name_required')
  name?: string;

  @ApiProperty({ type: [String], description: "The students' national IDs (10 digits each)", required: false })
  @NationalIds()
  members?: string[];

  @ApiProperty({ type: [String], description: "Other coaches' national IDs", required: false })
  @NationalIds()
  coaches?: string[];

  @ApiProperty({ required: false, description: "The school's (entity's) e-mail; '' for none" })
  @Text(LIMITS.emailMax, 'team.unknown_entity')
  entity_email?: string;
}

/**
 * PUT /api/teams/:id: what the coach changes (only the fields sent). `confirm: true` is needed when
 * the change removes someone or sends a submitted or approved team back (the API answers 409 with
 * what would happen otherwise).
 */
export class UpdateTeamDto {
  @ApiProperty({ maxLength: LIMITS.teamNameMax, required: false })
  @Text(LIMITS.teamNameMax, 'team.name_required')
  name?: string;

  @ApiProperty({ type: [String], required: false })
  @NationalIds()
  members?: string[];

  @ApiProperty({ type: [String], required: false })
  @NationalIds()
  coaches?: string[];

  @ApiProperty({ required: false })
  @Text(LIMITS.emailMax, 'team.unknown_entity')
  entity_email?: string;

  @ApiProperty({ required: false, description: 'The coach saw what the change does and confirms it' })
  @Bool()
  confirm?: boolean;
}

/** POST /api/teams/:id/owner: the national ID of the coach (already in the team) who takes the team over. */
export class HandOverDto {
  @ApiProperty({ description: "An accepted coach's national ID (10 digits)" })
  @Required('team.new_owner_not_coach')
  @Text(20, 'team.new_owner_not_coach')
  national_id?: string;
}

/** POST /api/teams/invite-signup: the guardian's mobile number or the student's e-mail. */
export class InviteSignupDto {
  @ApiProperty({ required: false })
  @Text(LIMITS.phoneMax, 'team.signup_invite_target')
  phone?: string;

  @ApiProperty({ required: false })
  @Text(LIMITS.emailMax, 'team.signup_invite_target')
  email?: string;
}

/** GET /api/teams?page=0: the coach's teams, a page at a time. */
export class TeamsPageQuery {
  @ApiProperty({ required: false, description: 'From 0' })
  @Int(0, 100_000)
  page?: number;
}

/** POST /api/school/team-fees/pay: the school's teams whose fees it pays in one order. */
export class SchoolFeesDto {
  @ApiProperty({ type: [String], description: 'The teams (their _id), at most 50', maxItems: 50 })
  @TextList(50, 'team.fees_none_selected')
  team_ids?: string[];
}

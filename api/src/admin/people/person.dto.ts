import { ENTITY_KINDS, GENDERS, GRADES, LIMITS, MEMBER_TYPES, STAFF_TYPES, type Language } from '@platform/contract';
import {
  Bool,
  Day,
  FormDigits,
  FormText,
  Int,
  LanguageOf,
  OneOf,
  OptionalText,
  Required,
  RequiredOn,
} from '../../common/dto';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsOptional, ValidateNested } from 'class-validator';
import { BuyerAddressDto } from '../../accounts/profile.dto';

/**
 * The fields users and admins share, as the back-office form names them. On create every required
 * field must be there; on update only the fields sent change, a name may not be emptied, and an
 * emptied identity field (e-mail, phone, national ID, nationality) means "unchanged".
 */
export class PersonDto {
  @Required() @FormText(LIMITS.nameMax) name?: string;
  @FormText(LIMITS.emailMax) email?: string;
  @FormDigits(LIMITS.phoneMax) phone_number?: string;
  @FormDigits(LIMITS.nationalIdDigits) national_id?: string;
  @FormText(2) nationality?: string;
  @FormText(LIMITS.passwordMax) password?: string;
  @FormText(LIMITS.passwordMax) cpassword?: string;
  @FormText(200) picture?: string;
  /** The language of the person's messages (ar, en); left out on create: guessed (accounts/language.ts). */
  @LanguageOf() language?: Language;
}

/** A member (student, coach or entity) as the users form sends it. */
export class UserDto extends PersonDto {
  @OneOf(MEMBER_TYPES) type?: number;
  @Bool() subcription?: boolean;
  @Bool() isVerified?: boolean;
  /** Disabled (false): cannot sign in, sessions end, every record kept. */
  @Bool() status?: boolean;
  @Day() start_date?: string | null;
  @Day() end_date?: string | null;
  @OneOf(GENDERS) gender?: string;
  @Day() dob?: string | null;
  /** A student's grade (education.grade); staff correct it, audited. */
  @Int(GRADES.min, GRADES.max) grade?: number;
  /** An entity's kind of organisation (contract ENTITY_KINDS). */
  @OneOf(ENTITY_KINDS) entityKind?: string;
  @OptionalText(30, true) crNumber?: string | null;
  /** An entity's VAT number (15 digits, first and last 3), legal name and national address: a standard tax invoice's buyer. */
  @OptionalText(30, true) tax_id?: string | null;
  @OptionalText(200) legal_name?: string | null;
  @ApiProperty({ type: BuyerAddressDto, required: false, nullable: true })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BuyerAddressDto)
  address?: BuyerAddressDto | null;
  @OptionalText(LIMITS.nameMax) guardian_name?: string | null;
  @OptionalText(LIMITS.phoneMax, true) guardian_phone?: string | null;
}

export const UserCreateDto = RequiredOn(UserDto, [
  'email',
  'phone_number',
  'national_id',
  'nationality',
  'password',
  'cpassword',
]);

/** A staff account: they sign in with their e-mail, so a national ID, phone and nationality are theirs to add or not. */
export class StaffDto extends PersonDto {
  @OneOf(STAFF_TYPES) type?: number;
  @Bool() status?: boolean;
}

export const StaffCreateDto = RequiredOn(StaffDto, ['email', 'password', 'cpassword']);

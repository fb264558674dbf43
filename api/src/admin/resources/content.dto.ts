import { DURATION_TYPES, LIMITS, PLAN_TYPES } from '@platform/contract';
import { Bool, FormText, Int, Link, Money, OneOf, Required } from '../../common/dto';

/** A name in both languages and a status, as every named back-office record has (seasons, competitions too). */
export class NamedDto {
  @Required() @FormText(LIMITS.titleMax) name?: string;
  @Required() @FormText(LIMITS.titleMax) name_en?: string;
  @Bool() status?: boolean;
}

/** A home-page announcement: its names and where it links to. */
export class AnnouncementDto extends NamedDto {
  @Required() @Link() link?: string;
}

export class CategoryDto extends NamedDto {}

/** A membership plan; prices in SAR (`price` is what is charged, never above `orignal_pirce`). */
export class PlanDto extends NamedDto {
  @FormText(LIMITS.descriptionMax) description?: string;
  @FormText(LIMITS.descriptionMax) description_en?: string;
  @Required() @Money() orignal_pirce?: string;
  @Required() @Money() price?: string;
  @Required() @Int(1, 3650) duration?: number;
  @Required() @OneOf(DURATION_TYPES) duration_type?: (typeof DURATION_TYPES)[number];
  @Required() @OneOf(PLAN_TYPES) type?: (typeof PLAN_TYPES)[number];
  @FormText(60) subtype?: string;
}

/** The site's settings: its copyright line and its policies (rich text, sanitised before it is kept). */
export class SettingsDto {
  @FormText(300) site_copy_right?: string;
  @FormText(LIMITS.richTextMax) privacy?: string;
  @FormText(LIMITS.richTextMax) privacy_en?: string;
  @FormText(LIMITS.richTextMax) tearm_condition?: string;
  @FormText(LIMITS.richTextMax) tearm_condition_en?: string;
}

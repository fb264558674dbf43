import { CERTIFICATE_KINDS, type CertificateKind } from '@platform/contract';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, ValidateBy, ValidateNested } from 'class-validator';
import { FormText, OneOf, OptionalId, OptionalText, Required, Text, told } from '../common/dto';
import { LIBRARY_PICTURE } from './certificates.service';

/** A bulk issue: the competition of a season whose approved teams get their certificates. */
export class CertificateRunDto {
  @ApiProperty() @Required('certificate.choose_competition') @OptionalId() season_id?: string;
  @ApiProperty() @Required('certificate.choose_competition') @OptionalId() competition_id?: string;
}

/** One certificate for one person. */
export class CertificateIssueDto extends CertificateRunDto {
  @ApiProperty() @Required('certificate.choose_member') @OptionalId() user_id?: string;
  @ApiProperty({ enum: CERTIFICATE_KINDS })
  @Required('certificate.bad_kind')
  @OneOf(CERTIFICATE_KINDS)
  kind?: Exclude<CertificateKind, 'legacy'>;
  @ApiProperty({ required: false }) @OptionalId() team_id?: string | null;
  @ApiProperty({ required: false, description: "a special award's name in Arabic" }) @OptionalText(120) award?: string;
  @ApiProperty({ required: false, description: "a special award's name in English" })
  @OptionalText(120)
  award_en?: string;
}

export class RevokeDto {
  @ApiProperty() @Required('certificate.reason_required') @Text(300) reason?: string;
}

/** A picture of the media library (PNG or JPEG), or nothing. */
const Picture = (): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isLibraryPicture',
      validator: {
        validate: (v) =>
          v === null || v === undefined || v === '' || (typeof v === 'string' && LIBRARY_PICTURE.test(v)),
      },
    },
    told('certificate.bad_picture'),
  );

export class SignatureDto {
  @ApiProperty({ required: false }) @Picture() image?: string | null;
  @ApiProperty() @OptionalText(80) name?: string;
  @ApiProperty() @OptionalText(80) name_en?: string;
  @ApiProperty() @OptionalText(80) role?: string;
  @ApiProperty() @OptionalText(80) role_en?: string;
}

/** A template as the back-office form sends it. */
export class CertificateTemplateDto {
  @ApiProperty({ required: false, description: 'null: the default template' }) @OptionalId() competition_id?:
    string | null;
  @ApiProperty({ required: false }) @Picture() background?: string | null;
  @ApiProperty({ type: [SignatureDto], required: false })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => SignatureDto)
  signatures?: SignatureDto[];
  @ApiProperty() @Required('certificate.wording_required') @FormText(1000) wording_ar?: string;
  @ApiProperty() @Required('certificate.wording_required') @FormText(1000) wording_en?: string;
}

/** A preview: a template (unsaved) drawn with sample data in one language. */
export class CertificatePreviewDto extends CertificateTemplateDto {
  @ApiProperty({ enum: ['ar', 'en'], required: false }) @OneOf(['ar', 'en']) lang?: 'ar' | 'en';
}

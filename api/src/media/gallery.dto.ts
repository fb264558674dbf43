import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { told } from '../common/dto';
import { GALLERY_ALT_MAX } from './gallery.service';

export class GalleryUpdateDto {
  /** The picture's alternative text, trimmed; a longer one is told the limit. */
  @ApiProperty({ maxLength: GALLERY_ALT_MAX, description: 'The picture’s alternative text' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(GALLERY_ALT_MAX, told({ key: 'gallery.alt_too_long', params: { max: GALLERY_ALT_MAX } }))
  alt!: string;
}

import { Transform } from 'class-transformer';
import { IsString } from 'class-validator';

export class GalleryUpdateDto {
  /** The picture's alternative text; its length is checked by the service with its own message. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  alt!: string;
}

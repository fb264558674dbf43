import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { isUuid } from '../common/ids';

/** A path id that is not a UUID names nothing: the same 404 as an unknown one, in the caller's language. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new AppError(404, 'request.not_found');
    return value;
  }
}

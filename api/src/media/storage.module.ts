import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../core/config';
import { createFileStore, FileStore } from './file-store';
import { UploadStore } from './upload-store';

/** The file store (local disk or S3) and the public uploads in it, injectable everywhere. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: AppConfig, files = createFileStore(config)): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: FileStore, useValue: files },
        { provide: UploadStore, useValue: new UploadStore(files, 'uploads') },
      ],
      exports: [FileStore, UploadStore],
    };
  }
}

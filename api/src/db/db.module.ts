import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import type { Database } from './database';
import { createFileStore, FileStore } from '../media/file-store';
import { UploadStore } from '../media/upload-store';

export const CONFIG = Symbol('CONFIG');
export const DATABASE = Symbol('DATABASE');
export const DB = Symbol('DB');

/** Makes the validated config and the open database injectable everywhere. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, database: Database, files = createFileStore(config)): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: DATABASE, useValue: database },
        { provide: DB, useValue: database.db },
        { provide: FileStore, useValue: files },
        { provide: UploadStore, useValue: new UploadStore(files, 'uploads') },
      ],
      exports: [CONFIG, DATABASE, DB, FileStore, UploadStore],
    };
  }
}

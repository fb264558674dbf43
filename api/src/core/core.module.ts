import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config';
import type { Database } from './database';

export const CONFIG = Symbol('CONFIG');
export const DATABASE = Symbol('DATABASE');
export const DB = Symbol('DB');

/** Makes the validated config and the open database injectable everywhere. */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, database: Database): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: DATABASE, useValue: database },
        { provide: DB, useValue: database.db },
      ],
      exports: [CONFIG, DATABASE, DB],
    };
  }
}

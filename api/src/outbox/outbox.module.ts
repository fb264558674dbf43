import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';

@Global()
@Module({})
export class OutboxModule {
  static forRoot(production: boolean): DynamicModule {
    return {
      module: OutboxModule,
      controllers: production ? [] : [DevOutboxController],
      providers: [OutboxService, OutboxWorker],
      exports: [OutboxService, OutboxWorker],
    };
  }
}

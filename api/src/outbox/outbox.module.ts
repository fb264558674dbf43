import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DevOutboxController } from './dev-outbox.controller';
import { OutboxService } from './outbox.service';
import { OutboxWorker } from './outbox.worker';
import { WhatsappWebhookController } from './whatsapp-webhook.controller';

@Global()
@Module({})
export class OutboxModule {
  static forRoot(production: boolean): DynamicModule {
    return {
      module: OutboxModule,
      controllers: production ? [WhatsappWebhookController] : [WhatsappWebhookController, DevOutboxController],
      providers: [OutboxService, OutboxWorker],
      exports: [OutboxService, OutboxWorker],
    };
  }
}

import { Module } from '@nestjs/common';
import { resourceController } from '../admin/resource.routes';
import { ResourceService } from '../admin/resource.service';
import { BroadcastJob } from './broadcast.job';
import { BroadcastsController } from './broadcasts.controller';
import { broadcastRecipientsResource, broadcastsResource } from './broadcasts.resource';
import { BroadcastsService } from './broadcasts.service';
import { SubscriptionService } from './subscription.service';
import { UnsubscribeController } from './unsubscribe.controller';

/**
 * Staff messaging (issue 30): broadcasts to segments of members or guardians, their job and their
 * follow-up; and members' unsubscribing from announcements and reminders.
 */
@Module({
  controllers: [
    BroadcastsController,
    resourceController(broadcastsResource),
    resourceController(broadcastRecipientsResource),
    UnsubscribeController,
  ],
  providers: [BroadcastsService, BroadcastJob, SubscriptionService, ResourceService],
  exports: [BroadcastsService, SubscriptionService],
})
export class MessagingModule {}

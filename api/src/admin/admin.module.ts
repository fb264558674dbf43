import { Module } from '@nestjs/common';
import { resourceController } from './resource.controller';
import { ResourceService } from './resource.service';
import { eventsResource } from './resources/events.resource';
import { usersResource } from './resources/users.resource';

/** Every back-office resource, declared once each. */
export const ADMIN_RESOURCES = [usersResource, eventsResource];

@Module({
  controllers: ADMIN_RESOURCES.map(resourceController),
  providers: [ResourceService],
})
export class AdminModule {}

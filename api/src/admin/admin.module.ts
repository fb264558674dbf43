import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { StaffTwoFactorController } from './people/staff-two-factor.controller';
import { CorrectionsAdminController } from './people/corrections.controller';
import { ReleaseIdController } from './people/release.controller';
import { ContactReplyController } from './contact/contact-reply.controller';
import { ContactReplyService } from './contact/contact-reply.service';
import { PaymentsModule } from '../payments/payments.module';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { FinanceController } from './finance/finance.controller';
import { FinanceService } from './finance/finance.service';
import { PeopleFilesService } from './people/people-files.service';
import { MediaModule } from '../media/media.module';
import { PeopleFilesController } from './people/uploads.controller';
import { ResultsImportController } from './results/results-import.controller';
import { TeamRosterController } from './roster/team-roster.controller';
import { ResultsImportService } from './results/results-import.service';
import { resourceController } from './resource.routes';
import { ResourceService } from './resource.service';
import { adminsResource } from './resources/admins.resource';
import { auditResource } from './resources/audit.resource';
import { blogsResource } from './resources/blogs.resource';
import { correctionsResource } from './resources/corrections.resource';
import { contactResource } from './resources/contact.resource';
import {
  announcementsResource,
  categoriesResource,
  plansResource,
  settingsResource,
} from './resources/content.resources';
import { eventsResource } from './resources/events.resource';
import { eventDaysResource } from './resources/event-days.resource';
import { judgesResource } from './resources/judges.resource';
import { MessagesAdminController } from './messages/messages-admin.controller';
import { MessagesAdminService } from './messages/messages-admin.service';
import { messagesResource } from './resources/messages.resource';
import { partnersResource } from './resources/partners.resource';
import {
  competitionsResource,
  registrationsResource,
  seasonsResource,
  teamsResource,
} from './resources/teams.resource';
import { transactionsResource } from './resources/transactions.resource';
import { usersResource } from './resources/users.resource';
import { einvoicesResource } from '../zatca/einvoices.resource';

/** Every back-office resource, declared once each. */
export const ADMIN_RESOURCES = [
  usersResource,
  correctionsResource,
  adminsResource,
  judgesResource,
  contactResource,
  transactionsResource,
  einvoicesResource,
  auditResource,
  eventsResource,
  eventDaysResource,
  announcementsResource,
  categoriesResource,
  plansResource,
  blogsResource,
  settingsResource,
  seasonsResource,
  competitionsResource,
  teamsResource,
  registrationsResource,
  partnersResource,
  messagesResource,
];

@Module({
  // The hand-written routes first, so `dashboard` and `:id/reply` are not taken for resource ids.
  imports: [PaymentsModule, AccountsModule, MediaModule, AuthModule],
  controllers: [
    DashboardController,
    StaffTwoFactorController,
    FinanceController,
    ContactReplyController,
    PeopleFilesController,
    CorrectionsAdminController,
    ReleaseIdController,
    ResultsImportController,
    TeamRosterController,
    MessagesAdminController,
    ...ADMIN_RESOURCES.map(resourceController),
  ],
  providers: [
    ResourceService,
    FinanceService,
    DashboardService,
    ContactReplyService,
    PeopleFilesService,
    ResultsImportService,
    MessagesAdminService,
  ],
})
export class AdminModule {}

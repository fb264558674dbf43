import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountController } from './account.controller';
import { TeamsModule } from '../teams/teams.module';
import { CodesService } from './codes.service';
import { CorrectionsController } from './corrections.controller';
import { CorrectionsService } from './corrections.service';
import { PendingSignups } from './pending-signups';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { SignupService } from './signup.service';
import { TicketService } from './tickets';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [AuthModule, TeamsModule],
  controllers: [AccountController, VerificationController, ProfileController, CorrectionsController],
  providers: [
    CodesService,
    VerificationService,
    ProfileService,
    SignupService,
    TicketService,
    CorrectionsService,
    PendingSignups,
  ],
  // The back-office decides correction requests, and releases unverified sign-ups' IDs, through this module.
  exports: [CorrectionsService, PendingSignups],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountController } from './account.controller';
import { TeamsModule } from '../teams/teams.module';
import { CodesService } from './codes.service';
import { CorrectionsController } from './corrections.controller';
import { CorrectionsService } from './corrections.service';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { SignupService } from './signup.service';
import { TicketService } from './tickets';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [AuthModule, TeamsModule],
  controllers: [AccountController, VerificationController, ProfileController, CorrectionsController],
  providers: [CodesService, VerificationService, ProfileService, SignupService, TicketService, CorrectionsService],
  // The back-office decides correction requests through this module.
  exports: [CorrectionsService],
})
export class AccountsModule {}

import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountController } from './account.controller';
import { TeamsModule } from '../teams/teams.module';
import { CodesService } from './codes.service';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { SignupService } from './signup.service';
import { TicketService } from './tickets';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

@Module({
  imports: [AuthModule, TeamsModule],
  controllers: [AccountController, VerificationController, ProfileController],
  providers: [CodesService, VerificationService, ProfileService, SignupService, TicketService],
})
export class AccountsModule {}

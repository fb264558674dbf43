import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import type { AppConfig } from '../config/config';
import { CONFIG } from '../db/db.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { SessionService } from './session.service';
import { SignupService } from '../accounts/signup.service';
import { TicketService } from '../accounts/tickets';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, SessionService, SignupService, TicketService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService, AuthService, TicketService, JwtModule],
})
export class AuthModule {}

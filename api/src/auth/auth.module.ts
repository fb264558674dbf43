import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import type { AppConfig } from '../core/config';
import { CONFIG } from '../core/core.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { JwtStrategy, signingKey } from './jwt.strategy';
import { SessionService } from './session.service';
import { StaffSecurityController } from './staff-security.controller';
import { StaffSecurityService } from './staff-security.service';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: signingKey(config.jwtSecret),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController, StaffSecurityController],
  providers: [
    AuthService,
    SessionService,
    StaffSecurityService,
    JwtStrategy,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionService, AuthService, StaffSecurityService, JwtModule],
})
export class AuthModule {}

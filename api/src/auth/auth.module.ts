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
  controllers: [AuthController],
  providers: [AuthService, SessionService, JwtStrategy, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService, AuthService, JwtModule],
})
export class AuthModule {}

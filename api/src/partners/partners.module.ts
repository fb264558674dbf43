import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { EmbedController } from './embed.controller';
import { PartnersService } from './partners.service';

@Module({
  imports: [AuthModule],
  controllers: [EmbedController],
  providers: [PartnersService],
})
export class PartnersModule {}

import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { TeamsModule } from '../teams/teams.module';
import { HomeController } from './home.controller';
import { HomeService } from './home.service';

@Module({ imports: [TeamsModule, ContentModule], controllers: [HomeController], providers: [HomeService] })
export class HomeModule {}

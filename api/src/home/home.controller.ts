import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAuth } from '../auth/current-auth.decorator';
import { EVERYONE, Roles } from '../auth/roles';
import type { Auth } from '../auth/session.service';
import { HomeService } from './home.service';
import { Answers, shape } from '../common/answers';

@ApiTags('home')
@Controller('home')
export class HomeController {
  constructor(private readonly home: HomeService) {}

  @Answers(shape('HomeView'))
  @Get()
  @Roles(...EVERYONE)
  @ApiOperation({
    summary:
      'The member home page in one call: the signed-in member (as getuser answers it), teams (top 2), invitations, achievements, the four newest posts, announcements and the next event; teams and achievements are null without full access',
  })
  get(@CurrentAuth() auth: Auth) {
    return this.home.of(auth.user);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { isMemberType, seesOwnTeams, type HomePart, type HomeView, type TeamView } from '@platform/contract';
import { fullAccess, memberUser } from '../auth/user.view';
import type { User } from '../db/schema';
import { AppError } from '../common/app-error';
import { ContentService } from '../content/content.service';
import { RegistrationService } from '../teams/registration.service';
import { TeamsService } from '../teams/teams.service';

/** The home page's teams: the first two of the member's teams on the results site of the old contract's type. */
const HOME_TEAMS = 2;
const HOME_ACHIEVEMENTS = 12;
const HOME_POSTS = '4';

/**
 * The member home page in one call: the same queries as the member routes it replaces (teams,
 * invitations, achievements, posts, announcements), run at once behind one session check. What the
 * caller may not see is not asked for; a part that fails leaves the others.
 */
@Injectable()
export class HomeService {
  private readonly logger = new Logger('Home');

  constructor(
    private readonly teams: TeamsService,
    private readonly registration: RegistrationService,
    private readonly content: ContentService,
  ) {}

  async of(user: User): Promise<HomeView> {
    const member = isMemberType(user.type);
    const full = fullAccess(user);
    const failed: HomePart[] = [];
    const part = <T>(name: HomePart, run: (() => Promise<T>) | null): Promise<T | null> =>
      run
        ? run().catch((err: unknown) => {
            failed.push(name);
            // An expected refusal (a results site that does not answer) is the page's to show; anything else is a fault.
            if (!(err instanceof AppError)) this.logger.error(err instanceof Error ? err.stack : String(err));
            return null;
          })
        : Promise.resolve(null);
    const [teams, invitations, achievements, posts, board] = await Promise.all([
      part(
        'teams',
        member && seesOwnTeams({ type: user.type, fullAccess: full })
          ? () => this.teams.ofEventType(user, 'wro', 0, HOME_TEAMS)
          : null,
      ),
      part('invitations', member ? () => this.registration.invitations(user) : null),
      part('achievements', member && full ? () => this.teams.achievements(user, 0, HOME_ACHIEVEMENTS) : null),
      part('posts', () => this.content.posts({ home: 'true', limit: HOME_POSTS })),
      part('announcements', () => this.content.announcements()),
    ]);
    return {
      success: true,
      user: memberUser(user),
      fullAccess: full,
      // The old contract's path may answer a results site's own team shape; the page reads it as the spec's.
      teams: teams ? (teams.teams as TeamView[]) : null,
      invitations: member ? invitations : [],
      achievements: achievements ? achievements.achievements : null,
      posts: posts ? posts.posts : null,
      announcements: board ? board.announcements : null,
      event: board?.event ?? null,
      failed,
    };
  }
}

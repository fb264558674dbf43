import type { AnnouncementView, EventView, PostView } from './content.js';
import type { AchievementView, TeamInvitationView, TeamView } from './teams.js';
import type { MemberUser } from './members.js';

/** The parts of the home page that can fail on their own (a results site that does not answer). */
export const HOME_PARTS = ['teams', 'invitations', 'achievements', 'posts', 'announcements'] as const;
export type HomePart = (typeof HOME_PARTS)[number];

/**
 * Everything the member home page shows, in one call (`GET /api/home`). `teams` and `achievements` are
 * null for whoever may not see them (staff, or a coach or entity without full access: the page offers
 * the upgrade); `invitations` is empty for staff. A part that failed is null and named in `failed`.
 */
export interface HomeView {
  success: true;
  /** The signed-in member, as `POST /api/getuser` answers it: the home page needs no second call to know who it is for. */
  user: MemberUser;
  fullAccess: boolean;
  /** The member's first two teams, as `GET /api/{type}/get-teams?top=2` answers them. */
  teams: TeamView[] | null;
  invitations: TeamInvitationView[] | null;
  achievements: AchievementView[] | null;
  /** The four newest posts, as `GET /api/posts?home=true` answers them. */
  posts: PostView[] | null;
  announcements: AnnouncementView[] | null;
  /** The next event shown with its countdown. */
  event: EventView | null;
  failed: HomePart[];
}

import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Lang } from '../common/i18n';
import type { Db } from '../core/database';
import { teamPeople, users, type User } from '../db/schema';
import { enqueueMessage } from '../outbox/outbox.service';
import { templates, type Rendered } from '../outbox/templates';

type Reachable = Pick<User, 'email' | 'phoneNumber' | 'guardianPhone' | 'language'>;

/** The member's language for a message they receive. */
export const langOfUser = (u: Pick<User, 'language'>): Lang => (u.language === 'ar' ? 'ar' : 'en');

/**
 * Tells one member something through the outbox, in their language: by WhatsApp to their phone (a
 * student without one: the guardian's, unless `guardian` is false because the guardian is told
 * apart), otherwise by e-mail. Nothing when neither is known.
 */
export async function notifyMember(
  tx: Db,
  user: Reachable,
  render: (lang: Lang) => Rendered,
  { guardian = true }: { guardian?: boolean } = {},
): Promise<void> {
  const text = render(langOfUser(user));
  const phone = user.phoneNumber || (guardian ? user.guardianPhone : null);
  if (phone) await enqueueMessage(tx, { channel: 'whatsapp', to: phone, ...text });
  else if (user.email) await enqueueMessage(tx, { channel: 'email', to: user.email, ...text });
}

/** Tells everyone in a team (members, coaches and the entity who did not decline) of an admin's decision. */
export async function notifyDecision(
  tx: Db,
  team: { id: string; teamNo: string; name: string | null },
  approved: boolean,
  reason: string | null,
): Promise<void> {
  const people = await tx
    .select({
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      guardianPhone: users.guardianPhone,
      language: users.language,
    })
    .from(teamPeople)
    .innerJoin(users, eq(users.id, teamPeople.userId))
    .where(
      and(
        eq(teamPeople.teamId, team.id),
        ne(teamPeople.state, 'declined'),
        inArray(teamPeople.role, ['member', 'coach', 'entity']),
      ),
    );
  for (const person of people)
    await notifyMember(tx, person, (lang) =>
      templates.teamDecision(lang, {
        name: person.name,
        team: team.name ?? team.teamNo,
        teamNo: team.teamNo,
        approved,
        reason,
      }),
    );
}

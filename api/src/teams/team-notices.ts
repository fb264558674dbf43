import { isMinor } from '@platform/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Lang } from '../common/i18n';
import type { Db } from '../core/database';
import { competitions, teamPeople, users, type User } from '../db/schema';
import { enqueueMessage } from '../outbox/outbox.service';
import { templates, type Rendered } from '../outbox/templates';

type Reachable = Pick<User, 'id' | 'email' | 'phoneNumber' | 'guardianPhone' | 'language'>;

/** The member's language for a message they receive. */
export const langOfUser = (u: Pick<User, 'language'>): Lang => (u.language === 'ar' ? 'ar' : 'en');

/** A competition's name in a language (Arabic in `name`, English in `name_en`, Arabic when there is none). */
export const competitionName = (c: Pick<typeof competitions.$inferSelect, 'name' | 'nameEn'>, lang: Lang) =>
  lang === 'ar' ? c.name : c.nameEn || c.name;

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
  if (phone) await enqueueMessage(tx, { channel: 'whatsapp', to: phone, userId: user.id, ...text });
  else if (user.email) await enqueueMessage(tx, { channel: 'email', to: user.email, userId: user.id, ...text });
}

/**
 * Tells everyone in a team (members, coaches and the entity, who did not decline) and the guardians
 * of its minors, each once: a phone shared by a student and their guardian gets one message.
 */
export async function notifyTeam(
  tx: Db,
  team: { id: string; competitionId: string },
  render: (lang: Lang, p: { name: string; competition: string }) => Rendered,
): Promise<void> {
  const [competition] = await tx.select().from(competitions).where(eq(competitions.id, team.competitionId));
  const people = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      guardianPhone: users.guardianPhone,
      guardianName: users.guardianName,
      language: users.language,
      dob: users.dob,
    })
    .from(teamPeople)
    .innerJoin(users, eq(users.id, teamPeople.userId))
    .where(
      and(
        eq(teamPeople.teamId, team.id),
        ne(teamPeople.state, 'declined'),
        ne(teamPeople.state, 'expired'),
        inArray(teamPeople.role, ['member', 'coach', 'entity']),
      ),
    );
  const told = new Set<string>();
  const tell = async (to: { phone: string | null; email: string | null }, name: string, lang: Lang, userId: string) => {
    const key = to.phone || to.email;
    if (!key || told.has(key)) return;
    told.add(key);
    const text = render(lang, { name, competition: competitionName(competition, lang) });
    if (to.phone) await enqueueMessage(tx, { channel: 'whatsapp', to: to.phone, userId, ...text });
    else await enqueueMessage(tx, { channel: 'email', to: to.email!, userId, ...text });
  };
  for (const p of people) {
    const lang = langOfUser(p);
    await tell({ phone: p.phoneNumber || p.guardianPhone, email: p.email }, p.name, lang, p.id);
    if (p.guardianPhone && isMinor(p.dob))
      await tell({ phone: p.guardianPhone, email: null }, p.guardianName || p.name, lang, p.id);
  }
}

/** Tells everyone in a team of staff's decision (approved, rejected, or changes requested with the note). */
export function notifyDecision(
  tx: Db,
  team: { id: string; teamNo: string; competitionId: string },
  decision: 'approved' | 'rejected' | 'changes_requested',
  reason: string | null,
): Promise<void> {
  return notifyTeam(tx, team, (lang, p) =>
    templates.teamDecision(lang, { ...p, teamNo: team.teamNo, decision, reason }),
  );
}

import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../core/database';
import { competitions, registrations, teamPeople, teams, users } from '../db/schema';
import { templates } from '../outbox/templates';
import { competitionName, notifyMember } from '../teams/team-notices';
import { mayMarket } from './marketing-consent';
import { claim, notSentYet } from './reminders-sent';
import { REGISTRATION_STAGES, REMINDERS_BATCH, UNSUBMITTED_STATES } from './schedule';

const DAY_MS = 86_400_000;

/**
 * Reminds the coaches of teams not yet sent for approval that their registration closes in 3 days,
 * then in 1 day: per stage, one query a batch over the registrations closing in that stage's span
 * and their unsubmitted teams (`teams_state_idx`), the teams recorded and their coaches' messages
 * queued in one transaction. Answers how many teams were reminded.
 */
export async function sendRegistrationReminders(db: Db, now: Date, memberUrl: string): Promise<number> {
  const link = `${memberUrl.replace(/\/+$/, '')}/teams/register`;
  // The closing moment in milliseconds: a registration whose close moves gets its stages again.
  const occasion = sql<string>`(extract(epoch from ${registrations.closesAt}) * 1000)::bigint::text`;
  const leads = [...REGISTRATION_STAGES].sort((a, b) => b - a);
  let reminded = 0;
  for (const [i, lead] of leads.entries()) {
    const stage = String(lead);
    const after = new Date(now.getTime() + (leads[i + 1] ?? 0) * DAY_MS);
    const until = new Date(now.getTime() + lead * DAY_MS);
    for (;;) {
      const { found, sent } = await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const due = await tx
          .select({
            id: teams.id,
            teamNo: teams.teamNo,
            closesAt: registrations.closesAt,
            competition: { name: competitions.name, nameEn: competitions.nameEn },
            occasion,
          })
          .from(teams)
          .innerJoin(registrations, eq(registrations.id, teams.registrationId))
          .innerJoin(competitions, eq(competitions.id, teams.competitionId))
          .where(
            and(
              inArray(teams.state, [...UNSUBMITTED_STATES]),
              isNull(teams.waitlistedAt),
              eq(registrations.status, true),
              lte(registrations.opensAt, now),
              gt(registrations.closesAt, after),
              lte(registrations.closesAt, until),
              // The team was there when the stage began.
              sql`${teams.createdAt} <= ${registrations.closesAt} - make_interval(days => ${lead}::int)`,
              notSentYet('registration_closing', teams.id, occasion, stage),
            ),
          )
          .orderBy(asc(teams.id))
          .limit(REMINDERS_BATCH);
        const mine = await claim(tx, 'registration_closing', stage, due);
        const teamIds = due.filter((t) => mine.has(t.id)).map((t) => t.id);
        const coaches = teamIds.length
          ? await tx
              .select({
                teamId: teamPeople.teamId,
                id: users.id,
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
                  inArray(teamPeople.teamId, teamIds),
                  eq(teamPeople.role, 'coach'),
                  eq(teamPeople.state, 'accepted'),
                  eq(users.isActive, true),
                  mayMarket(),
                ),
              )
              .orderBy(asc(teamPeople.teamId), asc(users.id))
          : [];
        for (const coach of coaches) {
          const team = due.find((t) => t.id === coach.teamId)!;
          await notifyMember(
            tx,
            coach,
            (lang) =>
              templates.registrationClosing(lang, {
                name: coach.name,
                competition: competitionName(team.competition, lang),
                closesAt: team.closesAt,
                teamNo: team.teamNo,
                link,
              }),
            { guardian: false },
          );
        }
        return { found: due.length, sent: mine.size };
      });
      reminded += sent;
      if (found < REMINDERS_BATCH) break;
    }
  }
  return reminded;
}

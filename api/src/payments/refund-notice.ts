import { eq } from 'drizzle-orm';
import type { Db } from '../core/database';
import { competitions, teams, users } from '../db/schema';
import { templates } from '../outbox/templates';
import { competitionName, notifyMember } from '../teams/team-notices';
import type { Order } from './payments.service';

/**
 * Tells whoever paid an order that (part of) it came back, in their language, in the refund's
 * transaction: a team's fee names the team's number and competition (never the team's name, which a
 * coach typed), another payment its invoice; both the amount and the credit note.
 */
export async function notifyRefund(
  tx: Db,
  order: Pick<Order, 'userId' | 'teamId' | 'currency' | 'invoiceNumber'>,
  refund: { amount: string; creditNoteNumber: string },
): Promise<void> {
  if (!order.userId) return;
  const [payer] = await tx.select().from(users).where(eq(users.id, order.userId));
  if (!payer) return;
  const [team] = order.teamId
    ? await tx
        .select({ teamNo: teams.teamNo, competition: competitions })
        .from(teams)
        .innerJoin(competitions, eq(competitions.id, teams.competitionId))
        .where(eq(teams.id, order.teamId))
    : [];
  await notifyMember(tx, payer, (lang) =>
    templates.refunded(lang, {
      name: payer.name,
      amount: refund.amount,
      currency: order.currency,
      creditNote: refund.creditNoteNumber,
      invoice: order.invoiceNumber,
      team: team ? { teamNo: team.teamNo, competition: competitionName(team.competition, lang) } : null,
    }),
  );
}

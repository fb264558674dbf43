import { eq } from 'drizzle-orm';
import type { Db } from '../core/database';
import { orders, teams } from '../db/schema';

export type Team = typeof teams.$inferSelect;

/**
 * Locks the team of a team-fee order (`FOR UPDATE`) before the caller locks the order itself, and
 * answers it (null for an order without a team). Every path that changes a team and its fee order
 * takes the team first, then the order: the coach's withdrawal, a staff refund, the provider's
 * answer. Two of them on one team at the same moment wait for each other instead of deadlocking,
 * and the second sees what the first did.
 */
export async function lockTeamOfOrder(tx: Db, orderId: string): Promise<Team | null> {
  const [ref] = await tx.select({ teamId: orders.teamId }).from(orders).where(eq(orders.id, orderId));
  if (!ref?.teamId) return null;
  const [team] = await tx.select().from(teams).where(eq(teams.id, ref.teamId)).for('update');
  return team ?? null;
}

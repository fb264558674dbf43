import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../core/database';
import { orderLines, orders, teams } from '../db/schema';

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

/**
 * Locks the teams of a school's order for several teams (order_type team_fees), in the order of
 * their ids (two such orders sharing teams take them in the same order, so they wait, never
 * deadlock), before the caller locks the order. With `teamId`, only that line's team (a refund of
 * one line). Answers the locked teams by id.
 */
export async function lockTeamsOfOrder(tx: Db, orderId: string, teamId?: string | null): Promise<Map<string, Team>> {
  const lines = await tx.select({ teamId: orderLines.teamId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const ids = lines.map((l) => l.teamId).filter((id): id is string => !!id && (!teamId || id === teamId));
  const locked = new Map<string, Team>();
  if (!ids.length) return locked;
  const rows = await tx.select().from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.id)).for('update');
  for (const t of rows) locked.set(t.id, t);
  return locked;
}

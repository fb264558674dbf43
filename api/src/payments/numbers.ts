import { platformDay } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../core/database';
import { documentCounters } from '../db/schema';

/** INV: simplified tax invoices; CN: credit notes. */
export type DocumentKind = 'INV' | 'CN';

/**
 * The next number of a gap-free yearly sequence (`INV-2026-000001`), the year being the issue
 * time's on the platform's clock (Riyadh). Call it inside the transaction that issues the document:
 * the upsert takes the counter row's lock until that transaction ends, so concurrent issues queue
 * and a rolled-back one gives its number back (a PostgreSQL sequence would leave a gap).
 */
export async function nextDocumentNumber(tx: Db, kind: DocumentKind, at: Date): Promise<string> {
  const year = Number(platformDay(at).slice(0, 4));
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.kind, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return `${kind}-${year}-${String(row.last).padStart(6, '0')}`;
}

import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdings, journalEntries, journalLines, ledgerAccounts } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';

/** A page of machines, newest first: one user's or everyone's, of one status or all. */
export function holdingPage(
  db: Db,
  filter: { userId?: number; status?: 'holding' | 'expired' },
  query: { cursor?: string; limit: number },
) {
  return db
    .select()
    .from(holdings)
    .where(
      and(
        filter.userId === undefined ? undefined : eq(holdings.userId, filter.userId),
        filter.status ? eq(holdings.status, filter.status) : undefined,
        query.cursor ? lt(holdings.id, cursorId(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(holdings.id))
    .limit(query.limit + 1);
}

/** Locks the user's machine `holdingId`, or all their machines with income waiting, for a collection. */
export function lockCollectable(tx: Db, userId: number, holdingId: number | undefined) {
  return tx
    .select({ id: holdings.id, status: holdings.status, uncollected: holdings.uncollected })
    .from(holdings)
    .where(
      and(
        eq(holdings.userId, userId),
        holdingId === undefined ? gt(holdings.uncollected, 0n) : eq(holdings.id, holdingId),
      ),
    )
    .for('update');
}

/** The collection made with this Idempotency-Key: what reached the income wallet, and for which machines. */
export async function collectionByKey(db: Db, key: string) {
  const [row] = await db
    .select({ amount: journalLines.amount, refType: journalEntries.refType, refId: journalEntries.refId })
    .from(journalEntries)
    .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, journalLines.accountId), eq(ledgerAccounts.kind, 'income')))
    .where(eq(journalEntries.idempotencyKey, key))
    .limit(1);
  return row;
}

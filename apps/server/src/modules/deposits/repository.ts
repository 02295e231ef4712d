import { and, desc, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits, users } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';

type Status = (typeof deposits.$inferSelect)['status'];

/** The user's top-up made with this Idempotency-Key. */
export async function depositByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.idempotencyKey, key)));
  return row;
}

/** A page of top-ups, newest first, with their user's account: one user's or everyone's, of one status or all. */
export function depositPage(db: Db, query: { cursor?: string; limit: number; userId?: number; status?: Status }) {
  return db
    .select({ deposit: deposits, account: users.account })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(
      and(
        query.userId === undefined ? undefined : eq(deposits.userId, query.userId),
        query.status ? eq(deposits.status, query.status) : undefined,
        query.cursor ? lt(deposits.id, cursorId(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(deposits.id))
    .limit(query.limit + 1);
}

/**
 * Top-ups to ask their provider about, oldest first: those created before `createdBefore` that
 * are pending, or expired after `expiredAfter` (the payer may have paid late). One left with a
 * problem waits for an operator.
 */
export function depositsToReconcile(db: Db, window: { createdBefore: Date; expiredAfter: Date }) {
  return db
    .select()
    .from(deposits)
    .where(
      and(
        isNull(deposits.problem),
        lte(deposits.createdAt, window.createdBefore),
        or(
          eq(deposits.status, 'pending'),
          and(eq(deposits.status, 'expired'), gt(deposits.expiresAt, window.expiredAfter)),
        ),
      ),
    )
    .orderBy(deposits.id)
    .limit(500);
}

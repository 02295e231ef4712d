import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminUsers, users, withdrawals } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';

type Status = (typeof withdrawals.$inferSelect)['status'];

/** Requests the user has made since `since`, whatever became of them. */
export async function requestsSince(tx: Db, userId: number, since: Date): Promise<number> {
  const [made] = await tx
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.appliedAt, since)));
  return made?.n ?? 0;
}

/** The user's withdrawal requested with this Idempotency-Key. */
export async function withdrawalByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

/** Who a withdrawal concerns, as the back office names them: its user's account and its reviewer. */
export interface WithdrawalPeople {
  account: string;
  reviewerName: string | null;
  reviewerEmail: string | null;
}

const REVIEWER = { reviewerName: adminUsers.name, reviewerEmail: adminUsers.email };

/**
 * A page of withdrawals, newest first, with their user's account and the operator who reviewed
 * each: one user's or everyone's, of one status or all.
 */
export function withdrawalPage(db: Db, query: { cursor?: string; limit: number; userId?: number; status?: Status }) {
  return db
    .select({ withdrawal: withdrawals, account: users.account, ...REVIEWER })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(adminUsers, eq(adminUsers.id, withdrawals.reviewedBy))
    .where(
      and(
        query.userId === undefined ? undefined : eq(withdrawals.userId, query.userId),
        query.status ? eq(withdrawals.status, query.status) : undefined,
        query.cursor ? lt(withdrawals.id, cursorId(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(withdrawals.id))
    .limit(query.limit + 1);
}

/** The account of the withdrawal's user and the name and email of its reviewer, in one statement. */
export async function withdrawalPeople(
  db: Db,
  withdrawal: { userId: number; reviewedBy: number | null },
): Promise<WithdrawalPeople> {
  const [row] = await db
    .select({ account: users.account, ...REVIEWER })
    .from(users)
    .leftJoin(adminUsers, withdrawal.reviewedBy === null ? sql`false` : eq(adminUsers.id, withdrawal.reviewedBy))
    .where(eq(users.id, withdrawal.userId));
  return row ?? { account: '', reviewerName: null, reviewerEmail: null };
}

import type { CouponKind, CouponSource, CouponStatus } from '@app/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coupons, users } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';

export type CouponRow = typeof coupons.$inferSelect;

export interface NewCoupon {
  userId: number;
  /** By language, English always present. */
  name: Record<string, string>;
  kind: CouponKind;
  /** Minor units for `amount_off`, a whole percentage for `percent_off`. */
  amount: bigint;
  /** Minor units. */
  minSpend: bigint;
  expiresAt: Date;
  source: CouponSource;
  sourceId?: string;
}

/**
 * Gives a user a coupon, in the caller's transaction (a draw's, a redemption's, an operator's):
 * answers the new coupon's id. `at` is the issue time by the caller's clock; without it, the
 * transaction's (only the order of the list depends on it).
 */
export async function issueCoupon(tx: Db, coupon: NewCoupon, at?: Date): Promise<number> {
  const [row] = await tx
    .insert(coupons)
    .values({ ...coupon, sourceId: coupon.sourceId ?? null, createdAt: at ?? sql`now()` })
    .returning({ id: coupons.id });
  return (row as { id: number }).id;
}

/** Several coupons in one statement (an operator's issue to many users). */
export async function issueCoupons(tx: Db, values: NewCoupon[], at: Date): Promise<number> {
  if (values.length === 0) return 0;
  const rows = await tx
    .insert(coupons)
    .values(values.map((coupon) => ({ ...coupon, sourceId: coupon.sourceId ?? null, createdAt: at })))
    .returning({ id: coupons.id });
  return rows.length;
}

/** The coupon with this id, whoever owns it (the service tells the owner's from another's). */
export async function couponById(db: Db, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/**
 * Marks the coupon used by the order, only if it is still the owner's, unused and unexpired: the
 * one write that decides which of several purchases gets it. Answers whether it did.
 */
export async function useCoupon(tx: Db, use: { id: number; userId: number; orderId: number; at: Date }) {
  const rows = await tx
    .update(coupons)
    .set({ orderId: use.orderId, usedAt: use.at })
    .where(
      and(
        eq(coupons.id, use.id),
        eq(coupons.userId, use.userId),
        isNull(coupons.usedAt),
        gt(coupons.expiresAt, use.at),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

function statusFilter(status: CouponStatus, now: Date): SQL | undefined {
  if (status === 'used') return isNotNull(coupons.usedAt);
  if (status === 'expired') return and(isNull(coupons.usedAt), lte(coupons.expiresAt, now));
  return and(isNull(coupons.usedAt), gt(coupons.expiresAt, now));
}

/**
 * A page of the user's coupons in a status: unused ones soonest to expire first (keyed by id as
 * well, so the cursor is an offset-free id), the others newest first.
 */
export function userCouponPage(
  db: Db,
  userId: number,
  query: { status: CouponStatus; cursor?: string; limit: number },
  now: Date,
) {
  const where = and(eq(coupons.userId, userId), statusFilter(query.status, now));
  if (query.status === 'unused') {
    const after = query.cursor ? cursorId(query.cursor) : undefined;
    return db
      .select()
      .from(coupons)
      .where(
        and(
          where,
          after === undefined
            ? undefined
            : sql`(${coupons.expiresAt}, ${coupons.id}) > (select c.expires_at, c.id from coupons c where c.id = ${after})`,
        ),
      )
      .orderBy(asc(coupons.expiresAt), asc(coupons.id))
      .limit(query.limit + 1);
  }
  return db
    .select()
    .from(coupons)
    .where(and(where, query.cursor ? lt(coupons.id, cursorId(query.cursor)) : undefined))
    .orderBy(desc(coupons.id))
    .limit(query.limit + 1);
}

/** Coupons for the back office, newest first, with their owner's account. */
export function adminCouponPage(
  db: Db,
  query: { userId?: number; status?: CouponStatus; cursor?: string; limit: number },
  now: Date,
) {
  return db
    .select({ coupon: coupons, account: users.account })
    .from(coupons)
    .innerJoin(users, eq(users.id, coupons.userId))
    .where(
      and(
        query.userId === undefined ? undefined : eq(coupons.userId, query.userId),
        query.status === undefined ? undefined : statusFilter(query.status, now),
        query.cursor ? lt(coupons.id, cursorId(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(coupons.id))
    .limit(query.limit + 1);
}

/** Which of these ids are users. */
export async function existingUserIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** The users with these accounts (as stored), by account. */
export async function usersByAccount(db: Db, accounts: string[]): Promise<Map<string, number>> {
  if (accounts.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.account, [...new Set(accounts)]));
  return new Map(rows.map((row) => [row.account, row.id]));
}

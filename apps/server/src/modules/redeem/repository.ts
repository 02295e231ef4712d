import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminUsers, redeemBatches, redeemCodes, redemptions } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';

export type BatchRow = typeof redeemBatches.$inferSelect;
export type NewBatch = Omit<BatchRow, 'id'>;

export async function insertBatch(tx: Db, batch: NewBatch): Promise<number> {
  const [row] = await tx.insert(redeemBatches).values(batch).returning({ id: redeemBatches.id });
  return (row as { id: number }).id;
}

/** Stores codes by hash; answers the hashes stored (a hash already taken, by another batch's code, is left out). */
export async function insertCodes(
  tx: Db,
  batchId: number,
  usesPerCode: number,
  codes: { hash: string; hint: string }[],
): Promise<Set<string>> {
  const rows = await tx
    .insert(redeemCodes)
    .values(codes.map((code) => ({ batchId, codeHash: code.hash, hint: code.hint, usesPerCode })))
    .onConflictDoNothing()
    .returning({ hash: redeemCodes.codeHash });
  return new Set(rows.map((row) => row.hash));
}

/** The code with this hash and its batch's terms. */
export async function codeByHash(db: Db, hash: string) {
  const [row] = await db
    .select({ code: redeemCodes, batch: redeemBatches })
    .from(redeemCodes)
    .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
    .where(eq(redeemCodes.codeHash, hash))
    .limit(1);
  return row;
}

/**
 * Takes one use of the code if one is left: the row's lock makes redemptions of one code wait
 * for each other, and each then sees the uses, and the redemptions, the previous one left.
 */
export async function takeUse(tx: Db, codeId: number): Promise<boolean> {
  const rows = await tx
    .update(redeemCodes)
    .set({ uses: sql`${redeemCodes.uses} + 1` })
    .where(and(eq(redeemCodes.id, codeId), lt(redeemCodes.uses, redeemCodes.usesPerCode)))
    .returning({ id: redeemCodes.id });
  return rows.length === 1;
}

export async function hasRedeemed(db: Db, codeId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: redemptions.id })
    .from(redemptions)
    .where(and(eq(redemptions.codeId, codeId), eq(redemptions.userId, userId)))
    .limit(1);
  return rows.length === 1;
}

export async function insertRedemption(tx: Db, values: { codeId: number; userId: number; at: Date }) {
  const [row] = await tx
    .insert(redemptions)
    .values({ codeId: values.codeId, userId: values.userId, createdAt: values.at })
    .returning({ id: redemptions.id });
  return (row as { id: number }).id;
}

export async function settleRedemption(tx: Db, id: number, reward: { entryId?: number; couponId?: number }) {
  await tx
    .update(redemptions)
    .set({ entryId: reward.entryId ?? null, couponId: reward.couponId ?? null })
    .where(eq(redemptions.id, id));
}

export async function batchById(db: Db, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, id)).limit(1);
  return row;
}

/** A batch's codes in the order they were made. */
export function codesOfBatch(db: Db, batchId: number) {
  return db.select().from(redeemCodes).where(eq(redeemCodes.batchId, batchId)).orderBy(redeemCodes.id);
}

/** Batches newest first, each with the uses of all its codes and the operator who generated it. */
export function batchPage(db: Db, query: { cursor?: string; limit: number }) {
  return db
    .select({
      batch: redeemBatches,
      used: sql<number>`(select coalesce(sum(c.uses), 0)::integer from redeem_codes c where c.batch_id = redeem_batches.id)`,
      adminName: adminUsers.name,
      adminEmail: adminUsers.email,
    })
    .from(redeemBatches)
    .leftJoin(adminUsers, eq(adminUsers.id, redeemBatches.adminId))
    .where(query.cursor ? lt(redeemBatches.id, cursorId(query.cursor)) : undefined)
    .orderBy(desc(redeemBatches.id))
    .limit(query.limit + 1);
}

import { USER_ACCOUNT_KINDS, type UserAccountKind } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema.ts';

export const HOUSE_KINDS = ['gateway', 'sales', 'payouts', 'fees', 'adjustments', 'points_issued'] as const;
export type HouseKind = (typeof HOUSE_KINDS)[number];

/** House accounts are split so concurrent postings lock different rows; a user always uses one shard. */
export const HOUSE_SHARDS = 16;

export const assetOf = (kind: UserAccountKind | HouseKind) =>
  kind === 'points' || kind === 'points_issued' ? ('POINTS' as const) : ('CASH' as const);

export function houseShard(userId: number): number {
  return userId % HOUSE_SHARDS;
}

/** SQL: of `shards` (an array of a house account's ids in shard order), the one `houseShard(userId)` picks. */
export const houseAccountSql = (shards: string, userId: string) => `(${shards})[${userId} % ${HOUSE_SHARDS} + 1]`;

/** Creates every house account once; their ids never change, so callers may cache them. */
export async function ensureHouseAccounts(db: Db): Promise<Map<string, number>> {
  await db
    .insert(ledgerAccounts)
    .values(
      HOUSE_KINDS.flatMap((kind) =>
        Array.from({ length: HOUSE_SHARDS }, (_, shard) => ({ kind, shard, asset: assetOf(kind), userId: null })),
      ),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, shard: ledgerAccounts.shard })
    .from(ledgerAccounts)
    .where(isNull(ledgerAccounts.userId));
  return new Map(rows.map((row) => [`${row.kind}:${row.shard}`, row.id]));
}

/** Opens the user's five accounts if they are not open yet (inside the caller's transaction). */
export async function ensureUserAccounts(tx: Db, userId: number): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ userId, kind, asset: assetOf(kind), shard: 0 })))
    .onConflictDoNothing();
}

/** Locks one of the user's accounts for the rest of the transaction and reads its balance. */
export async function lockUserAccount(tx: Db, userId: number, kind: UserAccountKind) {
  const find = () =>
    tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)))
      // NO KEY UPDATE: serializes balance changes without blocking the key-share locks that
      // other transactions take when their journal lines reference this account.
      .for('no key update');
  let [account] = await find();
  if (!account) {
    await ensureUserAccounts(tx, userId);
    [account] = await find();
  }
  if (!account) throw new Error(`ledger account ${kind} of user ${userId} could not be opened`);
  return account;
}

export async function userAccountIds(tx: Db, userId: number): Promise<Record<UserAccountKind, number>> {
  const rows = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  if (rows.length < USER_ACCOUNT_KINDS.length) {
    await ensureUserAccounts(tx, userId);
    return userAccountIds(tx, userId);
  }
  return Object.fromEntries(rows.map((row) => [row.kind, row.id])) as Record<UserAccountKind, number>;
}

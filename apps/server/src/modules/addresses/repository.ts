import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses, users } from '../../db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Omit<AddressRow, 'id' | 'userId' | 'isDefault' | 'createdAt' | 'updatedAt'>;

/** The user's address with this id, or undefined when it is not theirs (or does not exist). */
export async function addressOf(db: Db, userId: number, addressId: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

/** The user's addresses, the default first, then the newest. */
export function addressesOf(db: Db, userId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
}

/**
 * Locks the user's row for the rest of the transaction, so one user's address changes queue:
 * the count under the cap and the single default are judged on what the previous change left.
 * NO KEY UPDATE, so rows of other tables that reference the user are not held up.
 */
export async function lockAddressBook(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function countAddresses(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::integer` })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function clearDefault(tx: Db, userId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function insertAddress(
  tx: Db,
  values: AddressFields & { userId: number; isDefault: boolean; at: Date },
): Promise<AddressRow> {
  const { at, ...fields } = values;
  const [row] = await tx
    .insert(addresses)
    .values({ ...fields, createdAt: at, updatedAt: at })
    .returning();
  return row as AddressRow;
}

export async function updateAddress(
  tx: Db,
  id: number,
  values: AddressFields & { isDefault: boolean; at: Date },
): Promise<AddressRow> {
  const { at, ...fields } = values;
  const [row] = await tx
    .update(addresses)
    .set({ ...fields, updatedAt: at })
    .where(eq(addresses.id, id))
    .returning();
  return row as AddressRow;
}

export async function deleteAddress(tx: Db, id: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.id, id));
}

/** Makes the user's newest address the default (none when they have no address left). */
export async function promoteNewest(tx: Db, userId: number): Promise<void> {
  const [newest] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.id))
    .limit(1);
  if (newest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, newest.id));
}

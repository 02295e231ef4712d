import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { incomeDays } from '../../db/schema.ts';

/**
 * The user's income per platform day and entry type between two dates, from the running totals the
 * ledger keeps per day and type: at most one row per day and type of the period.
 */
export async function incomeByDayAndType(db: Db, userId: number, from: string, to: string) {
  const rows = await db
    .select({ day: incomeDays.day, type: incomeDays.entryType, amount: sql<string>`${incomeDays.amount}::text` })
    .from(incomeDays)
    .where(and(eq(incomeDays.userId, userId), between(incomeDays.day, from, to)));
  return rows.map((row) => ({ day: String(row.day), type: row.type, amount: BigInt(row.amount) }));
}

import { INCOME_TYPES } from '@app/contracts';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { incomeDays, ledgerTallies } from '../../db/schema.ts';
import { INCOME_KINDS } from '../../ledger/tallies.ts';

/** The user's income per platform day between two dates, from the running total the ledger keeps per day. */
export async function incomeByDay(db: Db, userId: number, from: string, to: string): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ day: incomeDays.day, amount: incomeDays.amount })
    .from(incomeDays)
    .where(and(eq(incomeDays.userId, userId), between(incomeDays.day, from, to)));
  return new Map(rows.map((row) => [String(row.day), BigInt(row.amount)]));
}

/** The user's lifetime income by entry type, from the ledger's running totals per wallet and type. */
export async function incomeByType(db: Db, userId: number): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ type: ledgerTallies.entryType, amount: sql<string>`sum(${ledgerTallies.amount})::text` })
    .from(ledgerTallies)
    .where(
      and(
        eq(ledgerTallies.userId, userId),
        inArray(ledgerTallies.accountKind, [...INCOME_KINDS]),
        inArray(ledgerTallies.entryType, [...INCOME_TYPES]),
      ),
    )
    .groupBy(ledgerTallies.entryType);
  return new Map(rows.map((row) => [row.type, BigInt(row.amount)]));
}

import { type EntryType, fromMinor, INCOME_TYPES, USER_ACCOUNT_KINDS, type UserAccountKind } from '@app/contracts';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts } from '../db/schema.ts';
import { cursorId, pageOf } from '../http/pagination.ts';

export type UserBalances = Record<UserAccountKind, bigint>;

/** A user's balances; accounts are created on first movement, so a missing one is zero. */
export async function userBalances(db: Db, userId: number): Promise<UserBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const balances = Object.fromEntries(USER_ACCOUNT_KINDS.map((kind) => [kind, 0n])) as UserBalances;
  for (const row of rows) if (row.kind in balances) balances[row.kind as UserAccountKind] = row.balance;
  return balances;
}

export interface UserTotals {
  deposited: bigint;
  withdrawn: bigint;
  incomeEarned: bigint;
  incomeCollected: bigint;
  incomeToday: bigint;
  incomeYesterday: bigint;
}

const incomeTypes = sql.join(
  INCOME_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

/** Lifetime and daily totals from the user's journal lines; day bounds are the platform's. */
export async function userTotals(db: Db, userId: number, todayStart: Date, yesterdayStart: Date): Promise<UserTotals> {
  const [row] = await queryRows<Record<keyof UserTotals, string | null>>(
    db,
    sql`
    select
      coalesce(sum(l.amount) filter (where e.type = 'deposit' and a.kind = 'deposit'), 0) as "deposited",
      coalesce(-sum(l.amount) filter (where e.type in ('withdrawal_payout', 'withdrawal_fee') and a.kind = 'withdraw_hold'), 0) as "withdrawn",
      coalesce(sum(l.amount) filter (where e.type in (${incomeTypes}) and a.kind in ('uncollected', 'income')), 0) as "incomeEarned",
      coalesce(sum(l.amount) filter (where e.type = 'collection' and a.kind = 'income'), 0) as "incomeCollected",
      coalesce(sum(l.amount) filter (where e.type in (${incomeTypes}) and a.kind in ('uncollected', 'income')
        and l.created_at >= ${todayStart.toISOString()}), 0) as "incomeToday",
      coalesce(sum(l.amount) filter (where e.type in (${incomeTypes}) and a.kind in ('uncollected', 'income')
        and l.created_at >= ${yesterdayStart.toISOString()} and l.created_at < ${todayStart.toISOString()}), 0) as "incomeYesterday"
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id
    join journal_entries e on e.id = l.entry_id
    where a.user_id = ${userId}`,
  );
  const big = (value: string | null | undefined) => BigInt(value ?? 0);
  return {
    deposited: big(row?.deposited),
    withdrawn: big(row?.withdrawn),
    incomeEarned: big(row?.incomeEarned),
    incomeCollected: big(row?.incomeCollected),
    incomeToday: big(row?.incomeToday),
    incomeYesterday: big(row?.incomeYesterday),
  };
}

export interface UserLine {
  id: number;
  entryId: number;
  type: EntryType;
  account: string;
  /** Decimal string in major units; points carry none. */
  amount: string;
  memo: string;
  createdAt: string;
}

/** A page of the user's ledger lines, newest first, optionally of some accounts and entry types. */
export async function userLines(
  db: Db,
  userId: number,
  decimals: number,
  query: { cursor?: string; limit: number; kinds?: readonly UserAccountKind[]; types?: readonly EntryType[] },
) {
  const rows = await db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      type: journalEntries.type,
      account: ledgerAccounts.kind,
      amount: journalLines.amount,
      memo: journalEntries.memo,
      createdAt: journalLines.createdAt,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        query.kinds ? inArray(ledgerAccounts.kind, [...query.kinds]) : undefined,
        query.types ? inArray(journalEntries.type, [...query.types]) : undefined,
        query.cursor ? lt(journalLines.id, cursorId(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(journalLines.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    (row): UserLine => ({
      id: row.id,
      entryId: row.entryId,
      type: row.type as EntryType,
      account: row.account,
      amount: row.account === 'points' ? row.amount.toString() : fromMinor(row.amount, decimals),
      memo: row.memo,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

import { type EntryType, fromMinor, INCOME_TYPES, USER_ACCOUNT_KINDS, type UserAccountKind } from '@app/contracts';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedRows } from '../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts, users } from '../db/schema.ts';
import { cursorId, pageOf } from '../domain/paging.ts';
import { INCOME_KINDS } from './tallies.ts';

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

/**
 * For each user asked, one row of three objects (amounts as decimal strings in minor units), so the
 * driver parses one value per object.
 */
const USER_SUMMARIES = `select
  (select json_object_agg(kind, balance::text) from ledger_accounts where user_id = r.user_id) as balances,
  (select json_object_agg(account_kind || ':' || entry_type, amount::text) from ledger_tallies
    where user_id = r.user_id) as tallies,
  (select json_object_agg(day::text, amount::text) from (select day, sum(amount) as amount from income_days
    where user_id = r.user_id and day in (r.today, r.yesterday) group by day) d) as days
  from unnest($1::integer[], $2::date[], $3::date[]) with ordinality as r(user_id, today, yesterday, ord)
  order by r.ord`;

type Amounts = Record<string, string> | null | undefined;

const amountOf = (amounts: Amounts, key: string) => BigInt(amounts?.[key] ?? 0);

/** The running totals (`kind:type`) that a figure adds up. */
const totalsOf = (kinds: readonly string[], types: readonly string[]): ReadonlySet<string> =>
  new Set(kinds.flatMap((kind) => types.map((type) => `${kind}:${type}`)));
const WITHDRAWN = totalsOf(['withdraw_hold'], ['withdrawal_payout', 'withdrawal_fee']);
const INCOME_EARNED = totalsOf(INCOME_KINDS, INCOME_TYPES);

/**
 * The sum of the user's totals named in `keys`. The bill runs this on every call: it walks the
 * user's few totals (a walk over every kind and type asked took 7 µs of the bill's CPU, this one
 * well under 1 µs).
 */
function sumOf(tallies: Amounts, keys: ReadonlySet<string>): bigint {
  let sum = 0n;
  for (const key in tallies) if (keys.has(key)) sum += amountOf(tallies, key);
  return sum;
}

export interface SummaryRequest {
  userId: number;
  /** Dates of the platform's time zone, YYYY-MM-DD. */
  today: string;
  yesterday: string;
}

export interface UserSummary {
  balances: UserBalances;
  totals: UserTotals;
}

/**
 * Users' balances and lifetime and daily totals, in one statement for all of them, from the
 * running totals the ledger keeps (`ledger_tallies`, `income_days`); in the order asked.
 */
export async function userSummaries(db: Db, requests: SummaryRequest[]): Promise<UserSummary[]> {
  const rows = await preparedRows<{ balances: Amounts; tallies: Amounts; days: Amounts }>(
    db,
    'user_summaries',
    USER_SUMMARIES,
    [requests.map((r) => r.userId), requests.map((r) => r.today), requests.map((r) => r.yesterday)],
  );
  return requests.map((request, index) => {
    const row = rows[index];
    const tallies = row?.tallies;
    return {
      balances: {
        deposit: amountOf(row?.balances, 'deposit'),
        income: amountOf(row?.balances, 'income'),
        uncollected: amountOf(row?.balances, 'uncollected'),
        withdraw_hold: amountOf(row?.balances, 'withdraw_hold'),
        points: amountOf(row?.balances, 'points'),
      },
      totals: {
        deposited: amountOf(tallies, 'deposit:deposit'),
        withdrawn: -sumOf(tallies, WITHDRAWN),
        incomeEarned: sumOf(tallies, INCOME_EARNED),
        incomeCollected: amountOf(tallies, 'income:collection'),
        incomeToday: amountOf(row?.days, request.today),
        incomeYesterday: amountOf(row?.days, request.yesterday),
      },
    };
  });
}

export interface UserLine {
  id: number;
  entryId: number;
  type: EntryType;
  /** What the entry refers to (an order, a withdrawal…), by kind and id. */
  refType: string | null;
  refId: string | null;
  account: string;
  /** Decimal string in major units; points carry none. */
  amount: string;
  memo: string;
  /** The team member a referral entry names, with their account unmasked. */
  memberId: number | null;
  memberAccount: string | null;
  createdAt: string;
}

const member = alias(users, 'member');

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
      refType: journalEntries.refType,
      refId: journalEntries.refId,
      account: ledgerAccounts.kind,
      amount: journalLines.amount,
      memo: journalEntries.memo,
      memberId: journalEntries.memberId,
      memberAccount: member.account,
      createdAt: journalLines.createdAt,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .leftJoin(member, eq(member.id, journalEntries.memberId))
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
      refType: row.refType,
      refId: row.refId,
      account: row.account,
      amount: row.account === 'points' ? row.amount.toString() : fromMinor(row.amount, decimals),
      memo: row.memo,
      memberId: row.memberId,
      memberAccount: row.memberAccount,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}

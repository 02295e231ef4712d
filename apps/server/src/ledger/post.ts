import { type EntryType, INCOME_TYPES } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { journalEntries, journalLines } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { incomeKindsSql, platformDay } from './tallies.ts';

const isIncomeType = (type: EntryType) => (INCOME_TYPES as readonly EntryType[]).includes(type);

export interface Line {
  accountId: number;
  asset: 'CASH' | 'POINTS';
  amount: bigint;
}

export interface EntryDraft {
  type: EntryType;
  userId: number | null;
  refType?: string;
  refId?: string;
  idempotencyKey?: string;
  memo?: string;
  adminId?: number;
  at: Date;
  lines: Line[];
}

/** A journal entry's lines must sum to zero for each asset: money is moved, never made. */
export function assertBalanced(lines: Line[]): void {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.asset, (sums.get(line.asset) ?? 0n) + line.amount);
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`unbalanced journal entry: ${asset} lines sum to ${sum}`);
  }
}

function isNegativeBalance(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23514') return true;
  }
  return false;
}

/**
 * Writes balanced entries and moves the balances, all in the caller's transaction. Accounts are
 * locked in id order, so concurrent postings cannot deadlock on each other. The lock is FOR NO KEY
 * UPDATE (what the balance update itself takes): inserting the lines has already taken FOR KEY
 * SHARE on each account through the foreign key, which FOR UPDATE would conflict with, so two
 * postings on one house shard would deadlock. A user balance that
 * would go below zero is refused by the database itself (CHECK); that surfaces as
 * INSUFFICIENT_BALANCE and the whole transaction rolls back. The same statement keeps the users'
 * running totals by wallet and entry type and their income per day (`ledger_tallies`,
 * `income_days`).
 */
export async function postEntries(tx: Db, drafts: EntryDraft[]): Promise<number[]> {
  const prepared = drafts.map((draft) => {
    const lines = draft.lines.filter((line) => line.amount !== 0n);
    assertBalanced(lines);
    return {
      lines,
      row: {
        type: draft.type,
        userId: draft.userId,
        refType: draft.refType ?? null,
        refId: draft.refId ?? null,
        idempotencyKey: draft.idempotencyKey ?? null,
        memo: draft.memo ?? '',
        adminId: draft.adminId ?? null,
        createdAt: draft.at,
      },
    };
  });
  const ids = await insertEntries(
    tx,
    prepared.map((entry) => entry.row),
  );
  const allLines = prepared.flatMap(({ lines, row }, index) =>
    lines.map((line) => ({ ...line, entryId: ids[index] as number, createdAt: row.createdAt })),
  );
  if (allLines.length === 0) return ids;
  await tx.insert(journalLines).values(allLines);
  const deltas = new Map<number, bigint>();
  const tallies = new Map<string, { accountId: number; type: EntryType; amount: bigint }>();
  const income: SQL[] = [];
  for (const { lines, row } of prepared) {
    for (const line of lines) {
      deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amount);
      const key = `${line.accountId}:${row.type}`;
      const tally = tallies.get(key) ?? { accountId: line.accountId, type: row.type, amount: 0n };
      tally.amount += line.amount;
      tallies.set(key, tally);
      if (isIncomeType(row.type)) {
        income.push(
          sql`(${line.accountId}::bigint, ${row.createdAt.toISOString()}::timestamptz, ${line.amount.toString()}::bigint)`,
        );
      }
    }
  }
  const accountIds = sql.join(
    [...deltas.keys()].map((id) => sql`${id}`),
    sql`, `,
  );
  const values = sql.join(
    [...deltas].map(([id, delta]) => sql`(${id}::bigint, ${delta.toString()}::bigint)`),
    sql`, `,
  );
  const tallied = sql.join(
    [...tallies.values()].map((t) => sql`(${t.accountId}::bigint, ${t.type}, ${t.amount.toString()}::bigint)`),
    sql`, `,
  );
  const earned = income.length
    ? sql`, earned as (
        insert into income_days (user_id, day, amount)
        select m.user_id, ${platformDay(sql`i.at`)}, sum(i.amount)
        from (values ${sql.join(income, sql`, `)}) as i(id, at, amount) join moved m on m.id = i.id
        where m.user_id is not null and m.kind in (${incomeKindsSql})
        group by 1, 2
        on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
      )`
    : sql``;
  try {
    await tx.execute(sql`select 1 from ledger_accounts where id in (${accountIds}) order by id for no key update`);
    await tx.execute(sql`
      with moved as (
        update ledger_accounts a set balance = a.balance + v.delta
        from (values ${values}) as v(id, delta) where a.id = v.id
        returning a.id, a.user_id, a.kind
      )${earned}
      insert into ledger_tallies (user_id, account_kind, entry_type, amount)
      select m.user_id, m.kind, t.type, t.amount from (values ${tallied}) as t(id, type, amount)
      join moved m on m.id = t.id where m.user_id is not null
      on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount`);
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
  return ids;
}

type EntryRow = typeof journalEntries.$inferInsert;

const entryKey = (row: Pick<EntryRow, 'type' | 'userId' | 'refType' | 'refId' | 'memo' | 'idempotencyKey'>) =>
  JSON.stringify([row.type, row.userId, row.refType, row.refId, row.memo, row.idempotencyKey]);

/**
 * Inserts the entries in one statement when each is told apart by its content (the usual case:
 * a purchase's purchase, points and commission entries), matching the returned ids by that
 * content rather than trusting the order rows come back in; otherwise one by one.
 */
async function insertEntries(tx: Db, rows: EntryRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const keys = rows.map(entryKey);
  if (rows.length > 1 && new Set(keys).size === rows.length) {
    const inserted = await tx.insert(journalEntries).values(rows).returning({
      id: journalEntries.id,
      type: journalEntries.type,
      userId: journalEntries.userId,
      refType: journalEntries.refType,
      refId: journalEntries.refId,
      memo: journalEntries.memo,
      idempotencyKey: journalEntries.idempotencyKey,
    });
    const idByKey = new Map(inserted.map((row) => [entryKey(row), row.id]));
    return keys.map((key) => {
      const id = idByKey.get(key);
      if (id === undefined) throw new Error('journal entry insert did not return every entry');
      return id;
    });
  }
  const ids: number[] = [];
  for (const row of rows) {
    const [entry] = await tx.insert(journalEntries).values(row).returning({ id: journalEntries.id });
    if (!entry) throw new Error('journal entry insert returned nothing');
    ids.push(entry.id);
  }
  return ids;
}

export async function postEntry(tx: Db, draft: EntryDraft): Promise<number> {
  const [id] = await postEntries(tx, [draft]);
  return id as number;
}

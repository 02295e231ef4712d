import { type EntryType, INCOME_TYPES } from '@app/contracts';
import { type Db, preparedRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { INCOME_KINDS, platformDay } from './tallies.ts';

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
        at: draft.at.toISOString(),
      },
    };
  });
  const ids = await insertEntries(
    tx,
    prepared.map((entry) => entry.row),
  );
  const lineParams: unknown[] = [];
  const deltas = new Map<number, bigint>();
  const tallies = new Map<string, [accountId: number, type: EntryType, amount: bigint]>();
  const income: unknown[] = [];
  prepared.forEach(({ lines, row }, index) => {
    for (const line of lines) {
      lineParams.push(ids[index], line.accountId, line.asset, line.amount.toString(), row.at);
      deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0n) + line.amount);
      const key = `${line.accountId}:${row.type}`;
      const tally = tallies.get(key) ?? [line.accountId, row.type, 0n];
      tally[2] += line.amount;
      tallies.set(key, tally);
      if (isIncomeType(row.type)) income.push(line.accountId, row.at, line.amount.toString());
    }
  });
  if (lineParams.length === 0) return ids;
  const lineCount = lineParams.length / 5;
  await preparedRows(
    tx,
    `post_lines_${lineCount}`,
    `insert into journal_lines (entry_id, account_id, asset, amount, created_at) values ${rowsOf(lineCount, LINE)}`,
    lineParams,
  );
  const accountIds = [...deltas.keys()];
  const moves = [...deltas].flatMap(([id, delta]) => [id, delta.toString()]);
  const tallied = [...tallies.values()].flatMap(([id, type, amount]) => [id, type, amount.toString()]);
  try {
    await preparedRows(
      tx,
      `post_lock_${accountIds.length}`,
      `select 1 from ledger_accounts where id in (${accountIds.map((_, i) => `$${i + 1}::bigint`).join(', ')})
       order by id for no key update`,
      accountIds,
    );
    await preparedRows(
      tx,
      `post_move_${deltas.size}_${tallies.size}_${income.length / 3}`,
      moveStatement(deltas.size, tallies.size, income.length / 3),
      [...moves, ...tallied, ...income],
    );
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
  return ids;
}

const ENTRY = ['text', 'integer', 'text', 'text', 'text', 'text', 'integer', 'timestamptz'];
const LINE = ['bigint', 'bigint', 'text', 'bigint', 'timestamptz'];

/** `count` rows of `($n::type, …)` placeholders, numbered from `$from`. */
function rowsOf(count: number, types: string[], from = 1): string {
  return Array.from(
    { length: count },
    (_, row) => `(${types.map((type, col) => `$${from + row * types.length + col}::${type}`).join(', ')})`,
  ).join(', ');
}

const moveStatements = new Map<string, string>();

/**
 * Moves the balances and, for user accounts, keeps the running totals by wallet and entry type and
 * the income per platform day, in one statement; its text depends only on how many rows of each.
 */
function moveStatement(moves: number, tallies: number, incomes: number): string {
  const key = `${moves}:${tallies}:${incomes}`;
  let text = moveStatements.get(key);
  if (text) return text;
  const earned = incomes
    ? `, earned as (
        insert into income_days (user_id, day, amount)
        select m.user_id, ${platformDay('i.at')}, sum(i.amount)
        from (values ${rowsOf(incomes, ['bigint', 'timestamptz', 'bigint'], 2 * moves + 3 * tallies + 1)})
          as i(id, at, amount) join moved m on m.id = i.id
        where m.user_id is not null and m.kind in (${INCOME_KINDS.map((kind) => `'${kind}'`).join(', ')})
        group by 1, 2
        on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
      )`
    : '';
  text = `
    with moved as (
      update ledger_accounts a set balance = a.balance + v.delta
      from (values ${rowsOf(moves, ['bigint', 'bigint'])}) as v(id, delta) where a.id = v.id
      returning a.id, a.user_id, a.kind
    )${earned}
    insert into ledger_tallies (user_id, account_kind, entry_type, amount)
    select m.user_id, m.kind, t.type, t.amount
    from (values ${rowsOf(tallies, ['bigint', 'text', 'bigint'], 2 * moves + 1)}) as t(id, type, amount)
    join moved m on m.id = t.id where m.user_id is not null
    on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount`;
  moveStatements.set(key, text);
  return text;
}

interface EntryRow {
  type: EntryType;
  userId: number | null;
  refType: string | null;
  refId: string | null;
  idempotencyKey: string | null;
  memo: string;
  adminId: number | null;
  at: string;
}

const entryKey = (row: Pick<EntryRow, 'type' | 'userId' | 'refType' | 'refId' | 'memo' | 'idempotencyKey'>) =>
  JSON.stringify([row.type, row.userId, row.refType, row.refId, row.memo, row.idempotencyKey]);

const entryParams = (row: EntryRow) => [
  row.type,
  row.userId,
  row.refType,
  row.refId,
  row.idempotencyKey,
  row.memo,
  row.adminId,
  row.at,
];

const insertEntriesText = (count: number) =>
  `insert into journal_entries (type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, created_at)
   values ${rowsOf(count, ENTRY)} returning id, type, user_id, ref_type, ref_id, memo, idempotency_key`;

interface InsertedEntry {
  id: number | string;
  type: EntryType;
  user_id: number | null;
  ref_type: string | null;
  ref_id: string | null;
  memo: string;
  idempotency_key: string | null;
}

/**
 * Inserts the entries in one statement when each is told apart by its content (the usual case:
 * a purchase's purchase, points and commission entries), matching the returned ids by that
 * content rather than trusting the order rows come back in; otherwise one by one.
 */
async function insertEntries(tx: Db, rows: EntryRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const keys = rows.map(entryKey);
  if (rows.length > 1 && new Set(keys).size === rows.length) {
    const inserted = await preparedRows<InsertedEntry>(
      tx,
      `post_entries_${rows.length}`,
      insertEntriesText(rows.length),
      rows.flatMap(entryParams),
    );
    const idByKey = new Map(
      inserted.map((row) => [
        entryKey({
          type: row.type,
          userId: row.user_id,
          refType: row.ref_type,
          refId: row.ref_id,
          memo: row.memo,
          idempotencyKey: row.idempotency_key,
        }),
        Number(row.id),
      ]),
    );
    return keys.map((key) => {
      const id = idByKey.get(key);
      if (id === undefined) throw new Error('journal entry insert did not return every entry');
      return id;
    });
  }
  const ids: number[] = [];
  for (const row of rows) {
    const [entry] = await preparedRows<InsertedEntry>(tx, 'post_entries_1', insertEntriesText(1), entryParams(row));
    if (!entry) throw new Error('journal entry insert returned nothing');
    ids.push(Number(entry.id));
  }
  return ids;
}

export async function postEntry(tx: Db, draft: EntryDraft): Promise<number> {
  const [id] = await postEntries(tx, [draft]);
  return id as number;
}

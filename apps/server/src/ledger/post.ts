import type { EntryType } from '@app/contracts';
import { columnsOf, type Db, preparedRows } from '../db/client.ts';
import { isCheckViolation } from '../db/errors.ts';
import { AppError } from '../domain/errors.ts';
import { incomeKindsSql, incomeTypesSql, platformDay } from './tallies.ts';

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

/** The database refused a user balance below zero. */
export const isNegativeBalance = (error: unknown) => isCheckViolation(error, 'ledger_accounts_user_not_negative');

/**
 * The common table expressions that post entries, for a statement of the caller's: `post_entry`
 * (each entry with its new id, in draft order as `ord`) and the CTEs that write the entries and
 * lines, lock the accounts, move the balances and keep the users' running totals by wallet and
 * entry type and their income per platform day (`ledger_tallies`, `income_days`). Its parameters
 * are `postingParams(drafts)`, numbered from `from`. With `gate`, the name of a CTE of the caller
 * with a column `key`, an entry is posted only if its key (`postingParams`' `gates`) is among the
 * CTE's, and the CTE runs first.
 *
 * Accounts are locked in id order, in a step of their own before any balance moves, so the order
 * cannot depend on the update's plan and concurrent postings cannot deadlock on each other. The
 * lock is FOR NO KEY UPDATE (what the balance update itself takes): inserting the lines takes FOR
 * KEY SHARE on each account through the foreign key, which FOR UPDATE would conflict with. A user
 * balance that would go below zero is refused by the database itself (CHECK) and the whole
 * statement fails. The moves and totals are summed from the lines in SQL, so what the balances
 * say is what the journal says.
 */
export function postingSql(from: number, gate?: string): string {
  const $ = (n: number) => `$${from + n}`;
  return `
    post_entry as (
      select e.ord, nextval('journal_entries_id_seq') as id, e.type, e.user_id, e.ref_type, e.ref_id,
        e.idempotency_key, e.memo, e.admin_id, e.at
      from unnest(${$(0)}::text[], ${$(1)}::bigint[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::text[], ${$(5)}::text[],
        ${$(6)}::bigint[], ${$(7)}::timestamptz[], ${$(8)}::bigint[])
        with ordinality as e(type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at, gate, ord)
      ${gate ? `where e.gate in (select key from ${gate})` : ''}
    ), post_line as (
      select e.id as entry_id, e.type, e.at, l.account_id, l.asset, l.amount
      from unnest(${$(9)}::bigint[], ${$(10)}::bigint[], ${$(11)}::text[], ${$(12)}::bigint[])
        as l(ord, account_id, asset, amount)
      join post_entry e on e.ord = l.ord
    ), post_entries as (
      insert into journal_entries (id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, created_at)
      select id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at from post_entry
    ), post_lines as (
      insert into journal_lines (entry_id, account_id, asset, amount, created_at)
      select entry_id, account_id, asset, amount, at from post_line
    ), post_locked as (
      select count(*) as accounts from (
        select a.id from ledger_accounts a where a.id = any (array(select account_id from post_line))
        order by a.id for no key update of a
      ) locked
    ), post_moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from (select account_id, sum(amount)::bigint as delta from post_line group by account_id) d, post_locked
      where a.id = d.account_id and a.id = any (array(select account_id from post_line))
      returning a.id, a.user_id, a.kind
    ), post_earned as (
      insert into income_days (user_id, day, amount)
      select m.user_id, ${platformDay('l.at')}, sum(l.amount)::bigint
      from post_line l join post_moved m on m.id = l.account_id
      where m.user_id is not null and m.kind in (${incomeKindsSql}) and l.type in (${incomeTypesSql})
      group by 1, 2
      on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
    ), post_tallied as (
      insert into ledger_tallies (user_id, account_kind, entry_type, amount)
      select m.user_id, m.kind, l.type, sum(l.amount)::bigint
      from post_line l join post_moved m on m.id = l.account_id
      where m.user_id is not null
      group by 1, 2, 3
      on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
    )`;
}

/**
 * The parameters of `postingSql` for these entries, each with its key for the gate if there is
 * one: each entry checked to balance, lines of zero left out.
 */
export function postingParams(drafts: EntryDraft[], gates?: number[]): unknown[] {
  const entries = drafts.map((draft, index) => [
    draft.type,
    draft.userId,
    draft.refType ?? null,
    draft.refId ?? null,
    draft.idempotencyKey ?? null,
    draft.memo ?? '',
    draft.adminId ?? null,
    draft.at.toISOString(),
    gates?.[index] ?? null,
  ]);
  const lines = drafts.flatMap((draft, index) => {
    const kept = draft.lines.filter((line) => line.amount !== 0n);
    assertBalanced(kept);
    return kept.map((line) => [index + 1, line.accountId, line.asset, line.amount.toString()]);
  });
  return [...columnsOf(entries, 9), ...columnsOf(lines, 4)];
}

const POST_ENTRIES = `with ${postingSql(1)} select id from post_entry order by ord`;

/**
 * Writes balanced entries and moves the balances in one statement (`postingSql`), in the caller's
 * transaction. A user balance that would go below zero surfaces as INSUFFICIENT_BALANCE and the
 * transaction rolls back.
 */
export async function postEntries(db: Db, drafts: EntryDraft[]): Promise<number[]> {
  if (drafts.length === 0) return [];
  try {
    const rows = await preparedRows<{ id: number | string }>(db, 'post_entries', POST_ENTRIES, postingParams(drafts));
    return rows.map((row) => Number(row.id));
  } catch (error) {
    if (isNegativeBalance(error)) throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
}

export async function postEntry(tx: Db, draft: EntryDraft): Promise<number> {
  const [id] = await postEntries(tx, [draft]);
  return id as number;
}

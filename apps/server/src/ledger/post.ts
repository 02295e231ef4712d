import type { Asset, EntryType } from '@app/contracts';
import { type Columns, type Db, namesOf, paramsOf, preparedRows, unnestOf } from '../db/client.ts';
import { isCheckViolation } from '../db/errors.ts';
import { AppError } from '../domain/errors.ts';
import { incomeKindsSql, incomeTypesSql, platformDay } from './tallies.ts';

export interface Line {
  accountId: number;
  asset: Asset;
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
  /**
   * The team member (the payee's invitee, down to three levels) whose activity earned this entry:
   * the payee's team tallies (`team_contributions`, `team_levels`, `team_commission_days`) count it.
   */
  memberId?: number;
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

/** An entry's parameters, one array per column; `gate` is the key `postingSql`'s gate compares. */
const ENTRY_COLUMNS: Columns<{ draft: EntryDraft; gate: number | null }> = [
  ['type', 'text', ({ draft }) => draft.type],
  ['user_id', 'bigint', ({ draft }) => draft.userId],
  ['ref_type', 'text', ({ draft }) => draft.refType ?? null],
  ['ref_id', 'text', ({ draft }) => draft.refId ?? null],
  ['idempotency_key', 'text', ({ draft }) => draft.idempotencyKey ?? null],
  ['memo', 'text', ({ draft }) => draft.memo ?? ''],
  ['admin_id', 'bigint', ({ draft }) => draft.adminId ?? null],
  ['member_id', 'integer', ({ draft }) => draft.memberId ?? null],
  ['at', 'timestamptz', ({ draft }) => draft.at.toISOString()],
  ['gate', 'bigint', ({ gate }) => gate],
];

/** A line's parameters; `ord` is its entry's place among the drafts, from 1. */
const LINE_COLUMNS: Columns<{ ord: number; line: Line }> = [
  ['ord', 'bigint', ({ ord }) => ord],
  ['account_id', 'bigint', ({ line }) => line.accountId],
  ['asset', 'text', ({ line }) => line.asset],
  ['amount', 'bigint', ({ line }) => line.amount.toString()],
];

/**
 * The common table expressions that post drafted entries, for a statement of the caller's:
 * `post_entry` (each entry with its new id, in draft order as `ord`) and `postingOf`'s. Its
 * parameters are `postingParams(drafts)`, numbered from `from`. With `gate`, the name of a CTE of
 * the caller with a column `key`, an entry is posted only if its key (`postingParams`' `gates`) is
 * among the CTE's, and the CTE runs first.
 */
export function postingSql(from: number, gate?: string): string {
  return postingOf(
    `select nextval('journal_entries_id_seq') as id, e.*
      from ${unnestOf(ENTRY_COLUMNS, from)} with ordinality as e(${namesOf(ENTRY_COLUMNS)}, ord)
      ${gate ? `where e.gate in (select key from ${gate})` : ''}`,
    `select e.id as entry_id, e.type, e.at, l.account_id, l.asset, l.amount
      from ${unnestOf(LINE_COLUMNS, from + ENTRY_COLUMNS.length)} as l(${namesOf(LINE_COLUMNS)})
      join post_entry e on e.ord = l.ord`,
  );
}

/**
 * The one way entries reach the ledger, as common table expressions for a statement of the
 * caller's: `post_entry` and `post_line` are the given queries, the entries (columns `id`, `type`,
 * `user_id`, `ref_type`, `ref_id`, `idempotency_key`, `memo`, `admin_id`, `member_id`, `at`) and
 * their lines (`entry_id`, `type` and `at` of their entry, `account_id`, `asset`, `amount`); the
 * CTEs after them write the entries and lines, lock the accounts, move the balances and keep the
 * users' running totals by wallet and entry type and their income per platform day and type
 * (`ledger_tallies`, `income_days`), and, for entries that name a team member, the payee's
 * commission from that member, per team level and per day (the level read from `user_ancestors`,
 * so a member outside the payee's team counts nowhere). Drafts come through `postingSql`; the
 * accrual gives queries over the batch it staged.
 *
 * Accounts are locked in id order, in a step of their own before any balance moves, so the order
 * cannot depend on the update's plan and concurrent postings cannot deadlock on each other. The
 * lines are written after the balances moved, under those locks, each with the balance its account
 * had right after it (`balance_after`): the moved balance less the posting's later lines on that
 * account. Their ids are drawn in the order the lines count in (by entry, then account), only once
 * every balance has moved (`post_numbered` waits for `post_moved`, so for every lock: an id drawn
 * before the lock could number a line ahead of one another posting commits first), and
 * postings on one account take turns on its lock, so an account's lines in id order are its
 * history: each one's `balance_after` is the one before it plus its amount (`ledger/check.ts`). The
 * lock is FOR NO KEY UPDATE (what the balance update itself takes): inserting the lines takes FOR
 * KEY SHARE on each account through the foreign key, which FOR UPDATE would conflict with. A user
 * balance that would go below zero is refused by the database itself (CHECK) and the whole
 * statement fails. The moves and totals are summed from the lines in SQL, so what the balances
 * say is what the journal says. The running totals wait for every balance to have moved (so for
 * every account lock: `post_user_line` reads nothing before `post_moved` is done), and find each
 * line's wallet by the accounts' key rather than in `post_moved`, whose size the planner cannot
 * foresee: taking it for one row, it matched each moved account against every line, which for
 * an accrual batch of thousands of users cost seconds.
 */
export function postingOf(entries: string, lines: string): string {
  return `
    post_entry as (${entries}), post_line as (${lines}), post_entries as (
      insert into journal_entries (id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, member_id,
        created_at)
      select id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, member_id, at from post_entry
    ), post_locked as (
      select count(*) as accounts from (
        select a.id from ledger_accounts a where a.id = any (array(select account_id from post_line))
        order by a.id for no key update of a
      ) locked
    ), post_moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from (select account_id, sum(amount)::bigint as delta from post_line group by account_id) d, post_locked
      where a.id = d.account_id and a.id = any (array(select account_id from post_line))
      returning a.id, a.user_id, a.kind, a.balance
    ), post_numbered as (
      select nextval('journal_lines_id_seq') as id, l.*
      from (select entry_id, at, account_id, asset, amount from post_line order by entry_id, account_id, amount) l
      where (select count(*) from post_moved) > 0
    ), post_lines as (
      insert into journal_lines (id, entry_id, account_id, asset, amount, balance_after, created_at)
      select l.id, l.entry_id, l.account_id, l.asset, l.amount,
        m.balance - coalesce(sum(l.amount) over (partition by l.account_id order by l.id desc
          rows between unbounded preceding and 1 preceding), 0),
        l.at
      from post_numbered l join post_moved m on m.id = l.account_id
    ), post_user_line as (
      select a.user_id, a.kind, l.type, l.at, l.amount
      from post_line l join ledger_accounts a on a.id = l.account_id
      where a.user_id is not null and (select count(*) from post_moved) > 0
    ), post_earned as (
      insert into income_days (user_id, day, entry_type, amount)
      select user_id, ${platformDay('at')}, type, sum(amount)::bigint
      from post_user_line
      where kind in (${incomeKindsSql}) and type in (${incomeTypesSql})
      group by 1, 2, 3
      on conflict (user_id, day, entry_type) do update set amount = income_days.amount + excluded.amount
    ), post_tallied as (
      insert into ledger_tallies (user_id, account_kind, entry_type, amount)
      select user_id, kind, type, sum(amount)::bigint
      from post_user_line
      group by 1, 2, 3
      on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
    ), post_team as (
      select e.user_id, e.member_id, ${platformDay('e.at')} as day, sum(l.amount)::bigint as amount
      from post_entry e
      join post_line l on l.entry_id = e.id
      join post_moved m on m.id = l.account_id and m.user_id = e.user_id
      where e.member_id is not null
      group by 1, 2, 3
    ), post_contributed as (
      insert into team_contributions as c (user_id, member_id, amount)
      select user_id, member_id, sum(amount)::bigint from post_team group by 1, 2 order by 1, 2
      on conflict (user_id, member_id) do update set amount = c.amount + excluded.amount
    ), post_team_levels as (
      insert into team_levels as t (user_id, depth, members, commission)
      select p.user_id, ua.depth, 0, sum(p.amount)::bigint
      from post_team p join user_ancestors ua on ua.user_id = p.member_id and ua.ancestor_id = p.user_id
      group by 1, 2 order by 1, 2
      on conflict (user_id, depth) do update set commission = t.commission + excluded.commission
    ), post_team_days as (
      insert into team_commission_days as d (user_id, day, amount)
      select user_id, day, sum(amount)::bigint from post_team group by 1, 2 order by 1, 2
      on conflict (user_id, day) do update set amount = d.amount + excluded.amount
    )`;
}

/**
 * The parameters of `postingSql` for these entries, each with its key for the gate if there is
 * one: each entry checked to balance, lines of zero left out.
 */
export function postingParams(drafts: EntryDraft[], gates?: number[]): unknown[] {
  const lines = drafts.flatMap((draft, index) => {
    const kept = draft.lines.filter((line) => line.amount !== 0n);
    assertBalanced(kept);
    return kept.map((line) => ({ ord: index + 1, line }));
  });
  return [
    ...paramsOf(
      ENTRY_COLUMNS,
      drafts.map((draft, index) => ({ draft, gate: gates?.[index] ?? null })),
    ),
    ...paramsOf(LINE_COLUMNS, lines),
  ];
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

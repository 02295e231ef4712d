import { WITHDRAWAL_MONEY, WITHDRAWAL_STATUSES } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { incomeKindsSql, incomeTypesSql } from './tallies.ts';

export interface Violation {
  invariant: string;
  detail: string;
}

const SAMPLE = 20;

const heldStatuses = sql.join(
  WITHDRAWAL_STATUSES.filter((status) => WITHDRAWAL_MONEY[status] === 'held').map((status) => sql`${status}`),
  sql`, `,
);

/**
 * The ledger's invariants (docs/product.md#the-ledger), each a query that returns offending rows.
 * Tests and the operator's dashboard run the same function.
 */
const INVARIANTS: {
  invariant: string;
  query: ReturnType<typeof sql>;
  describe: (row: Record<string, unknown>) => string;
}[] = [
  {
    invariant: 'every entry sums to zero per asset',
    query: sql`select entry_id, asset, sum(amount)::text as sum from journal_lines
      group by entry_id, asset having sum(amount) <> 0`,
    describe: (row) => `entry ${row.entry_id} ${row.asset} sums to ${row.sum}`,
  },
  {
    invariant: "each account's balance equals the sum of its lines",
    query: sql`select a.id, a.kind, a.user_id, a.balance::text as balance, coalesce(l.total, 0)::text as lines
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from journal_lines group by account_id) l on l.account_id = a.id
      where a.balance <> coalesce(l.total, 0)`,
    describe: (row) =>
      `account ${row.id} (${row.kind}, user ${row.user_id ?? 'house'}) balance ${row.balance} ≠ lines ${row.lines}`,
  },
  {
    invariant: "each line's balance after is the line before it plus its amount, and the last is the balance",
    query: sql`select l.account_id, l.id, l.balance_after::text as after, l.expected::text as expected, l.last,
        a.balance::text as balance
      from (select id, account_id, balance_after,
          sum(amount) over (partition by account_id order by id) as expected,
          id = max(id) over (partition by account_id) as last
        from journal_lines) l
      join ledger_accounts a on a.id = l.account_id
      where l.balance_after <> l.expected or (l.last and l.balance_after <> a.balance)`,
    describe: (row) =>
      row.after !== row.expected
        ? `account ${row.account_id} line ${row.id}: balance after ${row.after} ≠ ${row.expected} from the lines before it`
        : `account ${row.account_id} line ${row.id}: the last balance after ${row.after} ≠ balance ${row.balance}`,
  },
  {
    invariant: "each user's running totals equal their lines by wallet and entry type",
    query: sql`select coalesce(t.user_id, l.user_id) as user_id, coalesce(t.account_kind, l.kind) as kind,
        coalesce(t.entry_type, l.type) as type, coalesce(t.amount, 0)::text as tally, coalesce(l.total, 0)::text as lines
      from ledger_tallies t
      full join (select a.user_id, a.kind, e.type, sum(jl.amount) as total from journal_lines jl
        join journal_entries e on e.id = jl.entry_id
        join ledger_accounts a on a.id = jl.account_id and a.user_id is not null
        group by a.user_id, a.kind, e.type) l
        on l.user_id = t.user_id and l.kind = t.account_kind and l.type = t.entry_type
      where coalesce(t.amount, 0) <> coalesce(l.total, 0)`,
    describe: (row) => `user ${row.user_id} ${row.kind} ${row.type}: total ${row.tally} ≠ lines ${row.lines}`,
  },
  {
    invariant: "each user's income by day of each type adds up to their income lines of that type",
    query: sql`select coalesce(d.user_id, l.user_id) as user_id, coalesce(d.entry_type, l.type) as type,
        coalesce(d.total, 0)::text as days, coalesce(l.total, 0)::text as lines
      from (select user_id, entry_type, sum(amount) as total from income_days group by user_id, entry_type) d
      full join (select a.user_id, e.type, sum(jl.amount) as total from journal_lines jl
        join journal_entries e on e.id = jl.entry_id and e.type in (${sql.raw(incomeTypesSql)})
        join ledger_accounts a on a.id = jl.account_id and a.user_id is not null and a.kind in (${sql.raw(incomeKindsSql)})
        group by a.user_id, e.type) l on l.user_id = d.user_id and l.type = d.entry_type
      where coalesce(d.total, 0) <> coalesce(l.total, 0)`,
    describe: (row) => `user ${row.user_id} ${row.type}: income by day ${row.days} ≠ income lines ${row.lines}`,
  },
  {
    invariant: "each user's commission from each team member equals the lines of the entries naming them",
    query: sql`select user_id, member_id, tally::text as tally, lines::text as lines, in_team from (
        select coalesce(c.user_id, l.user_id) as user_id, coalesce(c.member_id, l.member_id) as member_id,
          coalesce(c.amount, 0) as tally, coalesce(l.total, 0) as lines,
          exists (select 1 from user_ancestors ua
            where ua.user_id = coalesce(c.member_id, l.member_id) and ua.ancestor_id = coalesce(c.user_id, l.user_id)) as in_team
        from team_contributions c
        full join (select e.user_id, e.member_id, sum(jl.amount) as total from journal_entries e
          join journal_lines jl on jl.entry_id = e.id
          join ledger_accounts a on a.id = jl.account_id and a.user_id = e.user_id
          where e.member_id is not null group by e.user_id, e.member_id) l
          on l.user_id = c.user_id and l.member_id = c.member_id) x
      where tally <> lines or not in_team`,
    describe: (row) =>
      `user ${row.user_id} from member ${row.member_id}: total ${row.tally} ≠ lines ${row.lines}${row.in_team ? '' : ' (not in their team)'}`,
  },
  {
    invariant: "each level of a user's team counts its members and adds up their commission",
    query: sql`select coalesce(t.user_id, x.user_id) as user_id, coalesce(t.depth, x.depth) as depth,
        coalesce(t.members, 0) as members, coalesce(x.n, 0) as n,
        coalesce(t.commission, 0)::text as commission, coalesce(x.total, 0)::text as total
      from team_levels t
      full join (select ua.ancestor_id as user_id, ua.depth, count(*) as n, coalesce(sum(c.amount), 0) as total
        from user_ancestors ua
        left join team_contributions c on c.user_id = ua.ancestor_id and c.member_id = ua.user_id
        group by ua.ancestor_id, ua.depth) x on x.user_id = t.user_id and x.depth = t.depth
      where coalesce(t.members, 0) <> coalesce(x.n, 0) or coalesce(t.commission, 0) <> coalesce(x.total, 0)`,
    describe: (row) =>
      `user ${row.user_id} level ${row.depth}: ${row.members} members and ${row.commission} counted ≠ ${row.n} members and ${row.total}`,
  },
  {
    invariant: "each user's team commission by day adds up to their commission from members",
    query: sql`select coalesce(d.user_id, c.user_id) as user_id, coalesce(d.total, 0)::text as days,
        coalesce(c.total, 0)::text as members
      from (select user_id, sum(amount) as total from team_commission_days group by user_id) d
      full join (select user_id, sum(amount) as total from team_contributions group by user_id) c on c.user_id = d.user_id
      where coalesce(d.total, 0) <> coalesce(c.total, 0)`,
    describe: (row) => `user ${row.user_id}: team commission by day ${row.days} ≠ from members ${row.members}`,
  },
  {
    invariant: 'no user balance below zero',
    query: sql`select id, kind, user_id, balance::text as balance from ledger_accounts
      where user_id is not null and balance < 0`,
    describe: (row) => `account ${row.id} (${row.kind}) of user ${row.user_id} is ${row.balance}`,
  },
  {
    invariant: "every holding's accrued cycles match its accrual entries",
    // In numeric: a holding whose figures overflow bigint is reported here, not a failed check.
    query: sql`select h.id, h.cycles_accrued, coalesce(x.n, 0) as n, coalesce(x.total, 0)::text as total,
        (h.cycles_accrued::numeric * h.income_per_cycle)::text as expected
      from holdings h
      left join (select holding_id, count(*) as n, sum(amount) as total from accruals group by holding_id) x on x.holding_id = h.id
      where h.cycles_accrued <> coalesce(x.n, 0) or h.cycles_accrued::numeric * h.income_per_cycle <> coalesce(x.total, 0)`,
    describe: (row) =>
      `holding ${row.id}: ${row.cycles_accrued} cycles accrued, ${row.n} accrual rows worth ${row.total} (expected ${row.expected})`,
  },
  {
    // Not a broken balance but income withheld: the accrual set the holding aside when it failed.
    invariant: 'no holding is set aside from accrual',
    query: sql`select s.holding_id, h.user_id, s.error, to_char(s.set_aside_at at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
      from set_aside_holdings s join holdings h on h.id = s.holding_id`,
    describe: (row) => `holding ${row.holding_id} of user ${row.user_id} set aside at ${row.at}: ${row.error}`,
  },
  {
    invariant: "every accrual belongs to a holding and to a profit entry of the holding's user",
    query: sql`select x.holding_id, x.cycle_no, x.entry_id from accruals x
      left join holdings h on h.id = x.holding_id
      left join journal_entries e on e.id = x.entry_id and e.type = 'product_profit' and e.user_id = h.user_id
      where e.id is null`,
    describe: (row) => `accrual of holding ${row.holding_id} cycle ${row.cycle_no} points at entry ${row.entry_id}`,
  },
  {
    invariant: 'accrual entries credit exactly their accruals',
    query: sql`select e.id, coalesce(x.total, 0)::text as accrued, coalesce(l.total, 0)::text as credited
      from journal_entries e
      left join (select entry_id, sum(amount) as total from accruals group by entry_id) x on x.entry_id = e.id
      left join (select jl.entry_id, sum(jl.amount) as total from journal_lines jl
        join ledger_accounts a on a.id = jl.account_id and a.kind = 'uncollected' group by jl.entry_id) l on l.entry_id = e.id
      where e.type = 'product_profit' and coalesce(x.total, 0) <> coalesce(l.total, 0)`,
    describe: (row) => `entry ${row.id} credits ${row.credited} for accruals worth ${row.accrued}`,
  },
  {
    invariant: "each user's uncollected balance equals their holdings' uncollected income",
    query: sql`select a.user_id, a.balance::text as balance, coalesce(h.total, 0)::text as holdings
      from ledger_accounts a
      left join (select user_id, sum(uncollected) as total from holdings group by user_id) h on h.user_id = a.user_id
      where a.kind = 'uncollected' and a.balance <> coalesce(h.total, 0)`,
    describe: (row) => `user ${row.user_id}: uncollected ${row.balance} ≠ holdings ${row.holdings}`,
  },
  {
    // Not money, but what a purchase's limits and first-purchase bonuses are judged on.
    invariant: "each user's purchase count equals their orders",
    query: sql`select coalesce(c.user_id, o.user_id) as user_id, coalesce(c.orders, 0) as counted, coalesce(o.n, 0) as n
      from purchase_counts c
      full join (select user_id, count(*) as n from orders group by user_id) o on o.user_id = c.user_id
      where coalesce(c.orders, 0) <> coalesce(o.n, 0)`,
    describe: (row) => `user ${row.user_id}: purchase count ${row.counted} ≠ orders ${row.n}`,
  },
  {
    invariant: 'deposits credited equal gateway confirmations',
    query: sql`select d.trans_id, d.status, d.amount::text as amount, coalesce(l.total, 0)::text as credited, coalesce(l.n, 0) as entries
      from deposits d
      left join (select e.ref_id, count(distinct e.id) as n, sum(jl.amount) as total from journal_entries e
        join journal_lines jl on jl.entry_id = e.id
        join ledger_accounts a on a.id = jl.account_id and a.kind = 'deposit'
        where e.type = 'deposit' group by e.ref_id) l on l.ref_id = d.trans_id
      where (d.status = 'succeeded' and (coalesce(l.n, 0) <> 1 or l.total <> d.amount))
         or (d.status <> 'succeeded' and coalesce(l.n, 0) <> 0)`,
    describe: (row) =>
      `deposit ${row.trans_id} (${row.status}, ${row.amount}) has ${row.entries} entries crediting ${row.credited}`,
  },
  {
    invariant: "each user's withdraw_hold equals their withdrawals awaiting an outcome",
    query: sql`select a.user_id, a.balance::text as balance, coalesce(w.total, 0)::text as open
      from ledger_accounts a
      left join (select user_id, sum(amount) as total from withdrawals
        where status in (${heldStatuses}) group by user_id) w on w.user_id = a.user_id
      where a.kind = 'withdraw_hold' and a.balance <> coalesce(w.total, 0)`,
    describe: (row) => `user ${row.user_id}: withdraw_hold ${row.balance} ≠ open withdrawals ${row.open}`,
  },
  {
    // A withdrawal both paid out and refunded gave the money twice; only a reversal (the payout
    // taken back, then refunded) has both.
    invariant: 'each withdrawal is paid out or refunded once, as its status says',
    query: sql`select id, status, payouts, paid_out::text as paid_out, refunds, refunded::text as refunded
      from (select w.id, w.status, w.amount, w.fee, coalesce(x.payouts, 0) as payouts, coalesce(x.paid_out, 0) as paid_out,
          coalesce(x.refunds, 0) as refunds, coalesce(x.refunded, 0) as refunded
        from withdrawals w
        left join (select e.ref_id,
            count(distinct e.id) filter (where e.type = 'withdrawal_payout') as payouts,
            count(distinct e.id) filter (where e.type = 'withdrawal_refund') as refunds,
            sum(jl.amount) filter (where e.type = 'withdrawal_payout' and a.kind = 'gateway') as paid_out,
            sum(jl.amount) filter (where e.type = 'withdrawal_refund' and a.kind = 'income') as refunded
          from journal_entries e
          join journal_lines jl on jl.entry_id = e.id
          join ledger_accounts a on a.id = jl.account_id
          where e.ref_type = 'withdrawal' and e.type in ('withdrawal_payout', 'withdrawal_refund')
          group by e.ref_id) x on x.ref_id = w.id::text) c
      where not case status
        when 'paid' then payouts = 1 and paid_out = amount - fee and refunds = 0
        when 'reversed' then payouts = 2 and paid_out = 0 and refunds = 1 and refunded = amount
        when 'rejected' then payouts = 0 and refunds = 1 and refunded = amount
        when 'payment_failed' then payouts = 0 and refunds = 1 and refunded = amount
        else payouts = 0 and refunds = 0 end`,
    describe: (row) =>
      `withdrawal ${row.id} (${row.status}): ${row.payouts} payouts of ${row.paid_out} net, ${row.refunds} refunds of ${row.refunded}`,
  },
  {
    invariant: "each team rank prize is paid by one entry into the winner's income wallet",
    query: sql`select coalesce(s.cycle_id::text, l.ref_id) as cycle, coalesce(s.owner_id, l.user_id) as user_id,
        coalesce(s.prize, 0)::text as prize, coalesce(l.total, 0)::text as credited, coalesce(l.n, 0) as entries
      from (select cycle_id, owner_id, prize from rank_standings where prize > 0) s
      full join (select e.ref_id, e.user_id, count(distinct e.id) as n, sum(jl.amount) as total from journal_entries e
        join journal_lines jl on jl.entry_id = e.id
        join ledger_accounts a on a.id = jl.account_id and a.user_id = e.user_id and a.kind = 'income'
        where e.type = 'team_rank_prize' group by e.ref_id, e.user_id) l
        on l.ref_id = s.cycle_id::text and l.user_id = s.owner_id
      where coalesce(l.n, 0) <> 1 or coalesce(l.total, 0) <> coalesce(s.prize, 0)`,
    describe: (row) =>
      `rank cycle ${row.cycle}, user ${row.user_id}: prize ${row.prize}, ${row.entries} entries crediting ${row.credited}`,
  },
];

/**
 * Every invariant in one statement, each sampled to its first rows: on PGlite the statements one
 * by one cost twice what one does (34 against 16 ms of CPU on a small ledger, the rest being each
 * statement's fixed cost), and on PostgreSQL it is one round trip and one snapshot for all. Each
 * row comes back as jsonb: a bigint the driver gave as text is a JSON number, written the same.
 */
const ALL_INVARIANTS = sql`select invariant, found from (${sql.join(
  INVARIANTS.map(
    // Planned for every row, then sampled: under a LIMIT the planner bets on finding a few rows
    // early with nested loops, which on a healthy ledger means scanning everything that way.
    ({ query }, index) => sql`(select ${sql.raw(String(index))} as invariant, to_jsonb(sampled) as found
      from (with found as materialized (${query}) select * from found limit ${SAMPLE}) as sampled)`,
  ),
  sql` union all `,
)}) as violations order by invariant`;

export async function checkLedger(db: Db): Promise<{ ok: boolean; violations: Violation[] }> {
  const rows = await queryRows<{ invariant: number; found: Record<string, unknown> }>(db, ALL_INVARIANTS);
  const violations = rows.map(({ invariant, found }) => {
    const { invariant: name, describe } = INVARIANTS[invariant] as (typeof INVARIANTS)[number];
    return { invariant: name, detail: describe(found) };
  });
  return { ok: violations.length === 0, violations };
}

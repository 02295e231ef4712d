import { fromMinor } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { startOfZonedDay } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';

/**
 * Money in and out today, and solvency: cash held (confirmed deposits minus paid withdrawals)
 * against what is owed (users' cash balances plus income and principal still promised by
 * active machines), less the demo money the embedded trial gave its demo account.
 */
export async function cashSummary(db: Db, clock: Clock, config: ConfigService) {
  const { timezone, app_currency_decimals: decimals } = await config.all();
  const today = startOfZonedDay(clock.now(), timezone).toISOString();
  // Future income is multiplied out in numeric: a holding whose figures overflow bigint (set aside
  // by the accrual) must not take the summary down with it.
  const [row] = await queryRows<Record<string, string | null>>(
    db,
    sql`select
      (select coalesce(sum(amount), 0) from deposits where status = 'succeeded' and completed_at >= ${today}::timestamptz)::text as deposits_today,
      (select count(*) from deposits where status = 'succeeded' and completed_at >= ${today}::timestamptz)::text as deposit_count_today,
      (select coalesce(sum(amount), 0) from withdrawals where status = 'paid' and paid_at >= ${today}::timestamptz)::text as withdrawals_today,
      (select count(*) from withdrawals where status = 'paid' and paid_at >= ${today}::timestamptz)::text as withdrawal_count_today,
      (select count(*) from withdrawals where status = 'pending_review')::text as pending_review,
      ((select coalesce(sum(amount), 0) from deposits where status = 'succeeded')
        - (select coalesce(sum(amount - fee), 0) from withdrawals where status = 'paid'))::text as cash_held,
      (select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null and asset = 'CASH')::text as owed_balances,
      (select coalesce(sum((cycles_total - cycles_accrued)::numeric * income_per_cycle
        + case when principal_returned then principal else 0 end), 0)
        from holdings where status = 'holding')::text as owed_future,
      (select coalesce(sum(l.amount), 0) from journal_lines l
        join journal_entries e on e.id = l.entry_id
        join ledger_accounts a on a.id = l.account_id
        where e.ref_type = 'demo' and a.user_id is not null and a.asset = 'CASH')::text as demo_money`,
  );
  const big = (key: string) => BigInt(row?.[key] ?? 0);
  const money = (minor: bigint) => fromMinor(minor, decimals);
  // Demo money was never paid in: counting it as owed would make a fresh trial look insolvent.
  const demo = big('demo_money');
  const owedTotal = big('owed_balances') + big('owed_future');
  const owed = owedTotal > demo ? owedTotal - demo : 0n;
  return {
    depositsToday: money(big('deposits_today')),
    depositCountToday: Number(big('deposit_count_today')),
    withdrawalsPaidToday: money(big('withdrawals_today')),
    withdrawalCountToday: Number(big('withdrawal_count_today')),
    pendingReview: Number(big('pending_review')),
    cashHeld: money(big('cash_held')),
    owedBalances: money(big('owed_balances')),
    owedFutureIncome: money(big('owed_future')),
    demoMoney: money(demo),
    solvencyRatio: owed === 0n ? '—' : fromMinor((big('cash_held') * 10_000n) / owed, 2),
  };
}

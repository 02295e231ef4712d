import { fromMinor, INCOME_TYPES } from '@app/contracts';
import { and, count, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { holdings, orders, sessions, setAsideHoldings, users } from '../../db/schema.ts';
import { startOfZonedDay } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { cashSummary } from './cash.ts';

const CHART_DAYS = 14;
/** Set-aside holdings listed by name; the count says how many there are in all. */
const SET_ASIDE_SHOWN = 20;

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  /** Money in and out today, and solvency (see cash.ts). */
  cash() {
    return cashSummary(this.db, this.clock, this.config);
  }

  /** Days are the platform's (configured time zone), like every "today" the users see. */
  async summary() {
    const { timezone, maintenance, app_currency_decimals: decimals } = await this.config.all();
    const now = this.clock.now();
    const todayStart = startOfZonedDay(now, timezone);
    const chartStart = startOfZonedDay(
      new Date(todayStart.getTime() - (CHART_DAYS - 1) * 86_400_000 + 3_600_000),
      timezone,
    );
    const [[totals], [signedUpToday], [active], byDay] = await Promise.all([
      this.db.select({ n: count() }).from(users),
      this.db.select({ n: count() }).from(users).where(gte(users.createdAt, todayStart)),
      this.db
        .select({ n: count() })
        .from(sessions)
        .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
      queryRows<{ day: string; count: string }>(
        this.db,
        sql`
        select to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*) as count
        from ${users} where created_at >= ${chartStart.toISOString()}
        group by 1 order by 1`,
      ),
    ]);
    const [sales, profit, setAside, [setAsideCount]] = await Promise.all([
      queryRows<{ day: string; count: string; amount: string }>(
        this.db,
        sql`
        select to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as day, count(*) as count, sum(amount)::text as amount
        from ${orders} where created_at >= ${chartStart.toISOString()}
        group by 1 order by 1`,
      ),
      queryRows<{ amount: string | null }>(
        this.db,
        sql`
        select sum(l.amount)::text as amount from journal_lines l
        join journal_entries e on e.id = l.entry_id
        join ledger_accounts a on a.id = l.account_id and a.user_id is not null
        where e.type in (${sql.join(
          INCOME_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
          and l.created_at >= ${todayStart.toISOString()}`,
      ),
      this.db
        .select({
          holdingId: setAsideHoldings.holdingId,
          userId: holdings.userId,
          error: setAsideHoldings.error,
          setAsideAt: setAsideHoldings.setAsideAt,
        })
        .from(setAsideHoldings)
        .innerJoin(holdings, eq(holdings.id, setAsideHoldings.holdingId))
        .orderBy(desc(setAsideHoldings.setAsideAt), desc(setAsideHoldings.holdingId))
        .limit(SET_ASIDE_SHOWN),
      this.db.select({ n: count() }).from(setAsideHoldings),
    ]);
    const counted = new Map(byDay.map((row) => [row.day, Number(row.count)]));
    const sold = new Map(sales.map((row) => [row.day, row]));
    const days = Array.from({ length: CHART_DAYS }, (_, index) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(
        new Date(chartStart.getTime() + index * 86_400_000 + 3_600_000),
      ),
    );
    const money = (minor: string | null | undefined) => fromMinor(BigInt(minor ?? 0), decimals);
    const purchasesByDay = days.map((day) => ({
      day,
      count: Number(sold.get(day)?.count ?? 0),
      amount: money(sold.get(day)?.amount),
    }));
    const today = purchasesByDay.at(-1);
    return {
      usersTotal: totals?.n ?? 0,
      signupsToday: signedUpToday?.n ?? 0,
      signupsByDay: days.map((day) => ({ day, count: counted.get(day) ?? 0 })),
      activeSessions: active?.n ?? 0,
      maintenance,
      purchasesToday: today?.count ?? 0,
      purchaseAmountToday: today?.amount ?? money('0'),
      profitToday: money(profit[0]?.amount),
      purchasesByDay,
      setAsideCount: setAsideCount?.n ?? 0,
      setAside: setAside.map((row) => ({ ...row, setAsideAt: row.setAsideAt.toISOString() })),
    };
  }
}

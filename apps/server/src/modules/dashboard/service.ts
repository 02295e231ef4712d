import { and, count, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { startOfZonedDay } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';

const CHART_DAYS = 14;

export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  /** Days are the platform's (configured time zone), like every "today" the users see. */
  async summary() {
    const { timezone, maintenance } = await this.config.all();
    const now = this.clock.now();
    const todayStart = startOfZonedDay(now, timezone);
    const chartStart = startOfZonedDay(
      new Date(todayStart.getTime() - (CHART_DAYS - 1) * 86_400_000 + 3_600_000),
      timezone,
    );
    const [[totals], [today], [active], byDay] = await Promise.all([
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
    const counted = new Map(byDay.map((row) => [row.day, Number(row.count)]));
    const signupsByDay = Array.from({ length: CHART_DAYS }, (_, index) => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(
        new Date(chartStart.getTime() + index * 86_400_000 + 3_600_000),
      );
      return { day, count: counted.get(day) ?? 0 };
    });
    return {
      usersTotal: totals?.n ?? 0,
      signupsToday: today?.n ?? 0,
      signupsByDay,
      activeSessions: active?.n ?? 0,
      maintenance,
    };
  }
}

import { fromMinor, INCOME_TYPES, type Statistics, type StatisticsPeriod } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { zonedDates } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { incomeByDayAndType } from './repository.ts';
import { periodDates, periodIncome } from './rules.ts';

/** The user's income over time, read from the running totals the ledger keeps: no scan of the journal. */
export class StatisticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  /** Days of the platform's time zone, as the bill counts "today", ending today; the split by type covers the same days. */
  async income(userId: number, period: StatisticsPeriod): Promise<Statistics> {
    const { app_currency_decimals: decimals, timezone } = await this.config.all();
    const dates = periodDates(zonedDates(this.clock.now(), timezone).today, period);
    const earned = await incomeByDayAndType(this.db, userId, dates[0] as string, dates.at(-1) as string);
    const { days, byType, total } = periodIncome(dates, INCOME_TYPES, earned);
    return {
      days: days.map((day) => ({ date: day.date, income: fromMinor(day.income, decimals) })),
      total: fromMinor(total, decimals),
      byType: byType.map((entry) => ({ type: entry.type, amount: fromMinor(entry.amount, decimals) })),
    };
  }
}

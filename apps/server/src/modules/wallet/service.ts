import { type Bill, fromMinor } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import {
  type SummaryRequest,
  type UserSummary,
  userBalances,
  userLines,
  userSummaries,
} from '../../ledger/balances.ts';
import { checkLedger } from '../../ledger/check.ts';
import { zonedDates } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { entryNames } from './repository.ts';

export class WalletService {
  /** Bills asked at once share one statement (see Batcher): the bill is the busiest read there is. */
  private readonly summaries: Batcher<SummaryRequest, UserSummary>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {
    this.summaries = new Batcher((requests) => userSummaries(db, requests), {
      concurrency: 2,
      maxBatch: 100,
      gather: true,
    });
  }

  /**
   * totalIncome is what reached the income wallet; cumulativeIncome adds profit still waiting
   * to be collected. Points are whole numbers, so they carry no decimals.
   */
  async bill(userId: number): Promise<Bill> {
    const { app_currency_decimals: decimals, timezone } = await this.config.all();
    const { balances, totals } = await this.summaries.submit({ userId, ...zonedDates(this.clock.now(), timezone) });
    const money = (minor: bigint) => fromMinor(minor, decimals);
    return {
      rechargeBalance: money(balances.deposit),
      incomeBalance: money(balances.income),
      uncollected: money(balances.uncollected),
      points: balances.points.toString(),
      totalAssets: money(balances.deposit + balances.income + balances.uncollected + balances.withdraw_hold),
      totalIncome: money(totals.incomeCollected),
      totalRecharge: money(totals.deposited),
      totalWithdrawal: money(totals.withdrawn),
      todayIncome: money(totals.incomeToday),
      yesterdayIncome: money(totals.incomeYesterday),
      cumulativeIncome: money(totals.incomeEarned),
    };
  }

  /**
   * A user's ledger lines and balances, for the back office: each line with the operator who made
   * its entry and the SVIP level an activation bought, by name.
   */
  async userLedger(userId: number, query: { cursor?: string; limit: number }) {
    const decimals = await this.config.get('app_currency_decimals');
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('USER_NOT_FOUND');
    const balances = await userBalances(this.db, userId);
    const money = (minor: bigint) => fromMinor(minor, decimals);
    const page = await userLines(this.db, userId, decimals, query);
    const names = await entryNames(
      this.db,
      page.items.map((line) => line.entryId),
    );
    const none = { adminName: null, adminEmail: null, levelName: null };
    return {
      items: page.items.map((line) => ({ ...line, ...(names.get(line.entryId) ?? none) })),
      nextCursor: page.nextCursor,
      balances: {
        deposit: money(balances.deposit),
        income: money(balances.income),
        uncollected: money(balances.uncollected),
        withdraw_hold: money(balances.withdraw_hold),
        points: balances.points.toString(),
      },
    };
  }

  /** Every ledger invariant checked over the whole database, for the back office. */
  ledgerCheck() {
    return checkLedger(this.db);
  }
}

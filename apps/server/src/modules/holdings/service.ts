import { fromMinor, type Language } from '@app/contracts';
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { holdings, journalEntries, journalLines, ledgerAccounts } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { weekdayNames } from '../../domain/weekdays.ts';
import { lockUserAccount, userAccountIds } from '../../ledger/accounts.ts';
import { type AccrualOptions, accrueDue } from '../../ledger/accrual.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import { zonedWeekday } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { presentHolding } from '../products/presenter.ts';
import type { ProductService } from '../products/service.ts';

export class HoldingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly products: ProductService,
    private readonly accrual: AccrualOptions = {},
  ) {}

  async list(
    filter: { userId?: number; status?: 'holding' | 'expired' },
    query: { cursor?: string; limit: number },
    lang: Language,
  ) {
    const rows = await this.db
      .select()
      .from(holdings)
      .where(
        and(
          filter.userId === undefined ? undefined : eq(holdings.userId, filter.userId),
          filter.status ? eq(holdings.status, filter.status) : undefined,
          query.cursor ? lt(holdings.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(holdings.id))
      .limit(query.limit + 1);
    const names = await this.products.productNames([...new Set(rows.map((row) => row.productId))], lang);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => ({
      ...presentHolding(row, names.get(row.productId) ?? { name: '', image: '' }, decimals),
      userId: row.userId,
      orderId: row.orderId,
    }));
  }

  accrue() {
    return accrueDue(this.db, this.ledger, this.clock.now(), this.accrual);
  }

  /**
   * Moves accrued income from the machines into the income wallet, only on the configured days
   * of the platform's time zone. The same Idempotency-Key answers the first collection again.
   */
  async collect(userId: number, holdingId: number | undefined, ctx: { lang: Language; idempotencyKey?: string }) {
    const { collect_days, timezone, app_currency_decimals: decimals } = await this.config.all();
    const key = ctx.idempotencyKey ? `collect:${userId}:${ctx.idempotencyKey}` : undefined;
    const refType = holdingId === undefined ? 'holdings' : 'holding';
    if (key) {
      const previous = await this.previousCollection(key, refType, holdingId);
      if (previous !== undefined) return { collected: fromMinor(previous, decimals) };
    }
    const now = this.clock.now();
    if (!collect_days.includes(zonedWeekday(now, timezone))) {
      throw new AppError('COLLECT_CLOSED', { days: weekdayNames(collect_days, ctx.lang) });
    }
    try {
      return await inTransaction(this.db, async (tx) => {
        // Holdings first, then the wallet: the same order as accrual, so the two cannot deadlock.
        const machines = await tx
          .select({ id: holdings.id, status: holdings.status, uncollected: holdings.uncollected })
          .from(holdings)
          .where(
            and(
              eq(holdings.userId, userId),
              holdingId === undefined ? gt(holdings.uncollected, 0n) : eq(holdings.id, holdingId),
            ),
          )
          .for('update');
        if (holdingId !== undefined && machines.length === 0) throw new AppError('HOLDING_NOT_FOUND');
        const uncollected = await lockUserAccount(tx, userId, 'uncollected');
        const amount = machines.reduce((sum, machine) => sum + machine.uncollected, 0n);
        if (amount === 0n) {
          const expired = holdingId !== undefined && machines[0]?.status === 'expired';
          throw new AppError(expired ? 'MACHINE_EXPIRED' : 'NOTHING_TO_COLLECT');
        }
        const ids = machines.filter((machine) => machine.uncollected > 0n).map((machine) => machine.id);
        await tx.update(holdings).set({ uncollected: 0n }).where(inArray(holdings.id, ids));
        const income = (await userAccountIds(tx, userId)).income;
        await postEntry(tx, {
          type: 'collection',
          userId,
          refType,
          refId: holdingId === undefined ? ids.join(',').slice(0, 200) : String(holdingId),
          idempotencyKey: key,
          at: now,
          lines: [
            { accountId: uncollected.id, asset: 'CASH', amount: -amount },
            { accountId: income, asset: 'CASH', amount },
          ],
        });
        return { collected: fromMinor(amount, decimals) };
      });
    } catch (error) {
      if (key && isUniqueViolation(error, 'journal_entries_idempotency_key')) {
        const previous = await this.previousCollection(key, refType, holdingId);
        if (previous !== undefined) return { collected: fromMinor(previous, decimals) };
      }
      throw error;
    }
  }

  /** The amount of the collection made with `key`; the key reused for another holding is refused. */
  private async previousCollection(
    key: string,
    refType: string,
    holdingId: number | undefined,
  ): Promise<bigint | undefined> {
    const [row] = await this.db
      .select({ amount: journalLines.amount, refType: journalEntries.refType, refId: journalEntries.refId })
      .from(journalEntries)
      .innerJoin(journalLines, eq(journalLines.entryId, journalEntries.id))
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, journalLines.accountId), eq(ledgerAccounts.kind, 'income')))
      .where(eq(journalEntries.idempotencyKey, key))
      .limit(1);
    if (!row) return undefined;
    const sameRequest = row.refType === refType && (holdingId === undefined || row.refId === String(holdingId));
    if (!sameRequest) throw new AppError('IDEMPOTENCY_MISMATCH');
    return row.amount;
  }
}

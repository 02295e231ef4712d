import { fromMinor, type Language } from '@app/contracts';
import { inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { holdings } from '../../db/schema.ts';
import type { UserGate } from '../../db/user-gate.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { lockUserAccount, userAccountIds } from '../../ledger/accounts.ts';
import { type AccrualOptions, accrueDue } from '../../ledger/accrual.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import type { ConfigService } from '../config/service.ts';
import type { ProductService } from '../products/service.ts';
import { incomeBonus } from '../vip/rules.ts';
import type { VipService } from '../vip/service.ts';
import { presentHolding } from './presenter.ts';
import { collectionByKey, holdingPage, lockCollectable } from './repository.ts';
import { assertCollectionOpen, collectionOf } from './rules.ts';

export class HoldingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly products: ProductService,
    private readonly levels: VipService,
    private readonly gate: UserGate,
    private readonly accrual: AccrualOptions = {},
  ) {}

  async list(
    filter: { userId?: number; status?: 'holding' | 'expired' },
    query: { cursor?: string; limit: number },
    lang: Language,
  ) {
    const rows = await holdingPage(this.db, filter, query);
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
  collect(userId: number, holdingId: number | undefined, ctx: { lang: Language; idempotencyKey?: string }) {
    // One of the user's money requests at a time (`UserGate`): another is refused at once.
    const identity = ctx.idempotencyKey && { key: ctx.idempotencyKey, hash: String(holdingId ?? 'all') };
    return this.gate.run(userId, () => this.collectOnce(userId, holdingId, ctx), identity || undefined);
  }

  private async collectOnce(
    userId: number,
    holdingId: number | undefined,
    ctx: { lang: Language; idempotencyKey?: string },
  ) {
    const cfg = await this.config.all();
    const decimals = cfg.app_currency_decimals;
    const key = ctx.idempotencyKey ? `collect:${userId}:${ctx.idempotencyKey}` : undefined;
    const refType = holdingId === undefined ? 'holdings' : 'holding';
    if (key) {
      const previous = await this.previousCollection(key, refType, holdingId);
      if (previous !== undefined) return { collected: fromMinor(previous, decimals) };
    }
    const now = this.clock.now();
    assertCollectionOpen(now, cfg, ctx.lang);
    const benefits = await this.levels.benefitsOf(userId);
    try {
      return await this.gate.transaction(this.db, userId, async (tx) => {
        // Holdings first, then the wallet: the same order as accrual, so the two cannot deadlock.
        const { amount, emptied } = collectionOf(await lockCollectable(tx, userId, holdingId), holdingId);
        const uncollected = await lockUserAccount(tx, userId, 'uncollected');
        await tx.update(holdings).set({ uncollected: 0n }).where(inArray(holdings.id, emptied));
        const income = (await userAccountIds(tx, userId)).income;
        const collection = await postEntry(tx, {
          type: 'collection',
          userId,
          refType,
          refId: holdingId === undefined ? emptied.join(',').slice(0, 200) : String(holdingId),
          idempotencyKey: key,
          at: now,
          lines: [
            { accountId: uncollected.id, asset: 'CASH', amount: -amount },
            { accountId: income, asset: 'CASH', amount },
          ],
        });
        // The level's bonus is income of its own (other profit), paid by the house on what was collected.
        const bonus = incomeBonus(amount, benefits);
        if (bonus > 0n) {
          await postEntry(tx, {
            type: 'other_profit',
            userId,
            refType: 'collection',
            refId: String(collection),
            at: now,
            lines: [
              { accountId: income, asset: 'CASH', amount: bonus },
              { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -bonus },
            ],
          });
        }
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
    const row = await collectionByKey(this.db, key);
    if (!row) return undefined;
    const sameRequest = row.refType === refType && (holdingId === undefined || row.refId === String(holdingId));
    if (!sameRequest) throw new AppError('IDEMPOTENCY_MISMATCH');
    return row.amount;
  }
}

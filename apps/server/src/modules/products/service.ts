import {
  type api,
  type ConfigValues,
  type Cycle,
  type Language,
  type ParsedInputOf,
  USER_ACCOUNT_KINDS,
} from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import type { Db } from '../../db/client.ts';
import { documentNumber } from '../../db/document-numbers.ts';
import { isCheckViolation, isUniqueViolation } from '../../db/errors.ts';
import { type holdings, products } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { ensureUserAccounts } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, isNegativeBalance } from '../../ledger/post.ts';
import { sha256 } from '../../security.ts';
import type { ConfigService } from '../config/service.ts';
import { type CouponRow, couponById, useCoupon } from '../coupons/repository.ts';
import { couponDiscount } from '../coupons/rules.ts';
import { teamPointsOf } from '../rank/rules.ts';
import type { RankService } from '../rank/service.ts';
import type { VipService } from '../vip/service.ts';
import { localizedText, presentOrder, presentProduct, presentPurchase } from './presenter.ts';
import {
  orderByKey,
  orderPage,
  type PurchaseRequest,
  type PurchaseState,
  type PurchaseWrite,
  productsOnSale,
  readPurchases,
  salesFigures,
  writePurchases,
} from './repository.ts';
import {
  assertPurchasable,
  assertWalletAllowed,
  holdingTerms,
  pointsEarned,
  purchaseAmount,
  purchaseRewards,
} from './rules.ts';

type PurchaseInput = ParsedInputOf<typeof api.products.purchase>;
type ProductRow = typeof products.$inferSelect;

/** Sales of a product are counted in this many rows, so popular products are not one hot row. */
const SALES_SHARDS = 8;

/**
 * A purchase is judged again each time another purchase by the same user was written first; it
 * gives up after this many (it would take as many purchases by one user landing in between).
 */
const MAX_PURCHASE_ATTEMPTS = 1000;

/** At most this many purchases are read, or written, in one statement. */
const PURCHASES_PER_BATCH = 100;

type Account = { id: number; balance: bigint };
/** Thrown to roll back a coupon purchase whose buyer's order count moved on: it is judged again. */
const LOST_TO_OWN_PURCHASE = Symbol("lost to the same user's purchase");
type HoldingRow = typeof holdings.$inferSelect;

export class ProductService {
  /** Purchases are read and written in batches under load (see Batcher). */
  private readonly reads: Batcher<PurchaseRequest, PurchaseState>;
  private readonly writes: Batcher<PurchaseWrite, HoldingRow | undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly levels: VipService,
    private readonly rank: Pick<RankService, 'cycleAt'>,
  ) {
    // One batch of each at a time: two write batches would mostly wait on each other's locks
    // (house shards, sales counters), and measured slower here; reads keep pace with them.
    const batches = { concurrency: 1, maxBatch: PURCHASES_PER_BATCH };
    this.reads = new Batcher((requests) => readPurchases(db, requests), batches);
    // One purchase per buyer in a batch: a second would be judged on the same order count.
    this.writes = new Batcher((purchases) => writePurchases(db, purchases), {
      ...batches,
      keyOf: (purchase) => purchase.order.userId,
    });
  }

  /** Products on sale now or soon; limited-time ones disappear when their window ends. */
  async list(cycle: Cycle | undefined, lang: Language, userId?: number) {
    const rows = await productsOnSale(this.db, this.clock.now(), cycle);
    const decimals = await this.config.get('app_currency_decimals');
    const { sold, purchased } = await salesFigures(
      this.db,
      rows.map((row) => row.id),
      userId,
    );
    return rows.map((row) =>
      presentProduct(row, { lang, decimals, sold: sold.get(row.id) ?? 0, purchased: purchased.get(row.id) ?? 0 }),
    );
  }

  async get(id: number, lang: Language, userId?: number) {
    const [row] = await this.db.select().from(products).where(eq(products.id, id)).limit(1);
    if (row?.status !== 'on') throw new AppError('PRODUCT_NOT_FOUND');
    const decimals = await this.config.get('app_currency_decimals');
    const { sold, purchased } = await salesFigures(this.db, [id], userId);
    return presentProduct(row, { lang, decimals, sold: sold.get(id) ?? 0, purchased: purchased.get(id) ?? 0 });
  }

  /**
   * A purchase is judged on the buyer's state read in one statement (no transaction, no lock) and
   * written in another that goes through only if the buyer's order count is still the one it was
   * judged on: parallel purchases by one user are judged one after another (a limit or a first
   * purchase cannot be counted twice), while the balance and the stock are held by the database's
   * CHECKs. A purchase that lost that race is judged again on the new state. Under load, each
   * statement is shared with the purchases that arrived meanwhile (`reads`, `writes`).
   */
  async purchase(userId: number, input: PurchaseInput, ctx: { lang: Language; idempotencyKey?: string }) {
    if (input.couponId !== undefined) return this.purchaseWithCoupon(userId, input, input.couponId, ctx);
    const requestHash = sha256(JSON.stringify([input.productId, input.quantity, input.wallet]));
    const key = ctx.idempotencyKey;
    const cfg = await this.config.all();
    try {
      for (let attempt = 1; attempt <= MAX_PURCHASE_ATTEMPTS; attempt++) {
        const state = await this.reads.submit({ userId, productId: input.productId, idempotencyKey: key });
        if (state.replayed) return await this.replay(userId, key as string, requestHash, ctx.lang);
        assertWalletAllowed(input.wallet, cfg.purchase_from_income);
        const closed = [userId, ...state.ancestors.filter((a) => a.income === null).map((a) => a.ancestorId)];
        if (Object.keys(state.accounts).length < USER_ACCOUNT_KINDS.length || closed.length > 1) {
          for (const id of closed) await ensureUserAccounts(this.db, id);
          continue;
        }
        const cycle = await this.rank.cycleAt(this.clock.now());
        const plan = this.judge(state, userId, input, { cfg, key, requestHash, rankCycleId: cycle.id });
        const holding = await this.writes.submit(plan);
        if (!holding) continue;
        await this.levels.purchased(userId);
        return presentPurchase(plan.order, holding, state.product as ProductRow, {
          lang: ctx.lang,
          decimals: cfg.app_currency_decimals,
        });
      }
      throw new Error(`purchase by user ${userId} lost ${MAX_PURCHASE_ATTEMPTS} times to the same user's purchases`);
    } catch (error) {
      if (key && isUniqueViolation(error, 'orders_idempotency_key'))
        return await this.replay(userId, key, requestHash, ctx.lang);
      if (isCheckViolation(error, 'products_stock')) throw new AppError('OUT_OF_STOCK');
      if (isNegativeBalance(error)) throw new AppError('INSUFFICIENT_BALANCE');
      throw error;
    }
  }

  /**
   * A purchase with a coupon, apart from the others so theirs stays the statement it is: judged
   * like them (the coupon's terms too), then written in one transaction: the purchase's own
   * statement, then the coupon marked used by its order only if it still is unused and unexpired,
   * or the whole purchase rolls back. A coupon is one user's, and one user's purchases are
   * written one after another (their order count), so of several purchases naming it one gets it
   * and the others, judged again, are refused. One lost to another purchase by the same user
   * rolls back and is judged again.
   */
  private async purchaseWithCoupon(
    userId: number,
    input: PurchaseInput,
    couponId: number,
    ctx: { lang: Language; idempotencyKey?: string },
  ) {
    const requestHash = sha256(JSON.stringify([input.productId, input.quantity, input.wallet, couponId]));
    const key = ctx.idempotencyKey;
    const cfg = await this.config.all();
    try {
      for (let attempt = 1; attempt <= MAX_PURCHASE_ATTEMPTS; attempt++) {
        const state = await this.reads.submit({ userId, productId: input.productId, idempotencyKey: key });
        if (state.replayed) return await this.replay(userId, key as string, requestHash, ctx.lang);
        assertWalletAllowed(input.wallet, cfg.purchase_from_income);
        const closed = [userId, ...state.ancestors.filter((a) => a.income === null).map((a) => a.ancestorId)];
        if (Object.keys(state.accounts).length < USER_ACCOUNT_KINDS.length || closed.length > 1) {
          for (const id of closed) await ensureUserAccounts(this.db, id);
          continue;
        }
        const coupon = await couponById(this.db, couponId);
        const cycle = await this.rank.cycleAt(this.clock.now());
        const plan = this.judge(state, userId, input, { cfg, key, requestHash, rankCycleId: cycle.id, coupon });
        const holding = await inTransaction(this.db, async (tx) => {
          const [written] = await writePurchases(tx, [plan]);
          if (!written) throw LOST_TO_OWN_PURCHASE;
          const use = { id: couponId, userId, orderId: plan.order.id, at: plan.order.createdAt };
          if (!(await useCoupon(tx, use))) throw new AppError('COUPON_USED');
          return written;
        }).catch((error: unknown) => {
          if (error === LOST_TO_OWN_PURCHASE) return undefined;
          throw error;
        });
        if (!holding) continue;
        await this.levels.purchased(userId);
        return presentPurchase(plan.order, holding, state.product as ProductRow, {
          lang: ctx.lang,
          decimals: cfg.app_currency_decimals,
        });
      }
      throw new Error(`purchase by user ${userId} lost ${MAX_PURCHASE_ATTEMPTS} times to the same user's purchases`);
    } catch (error) {
      // The same request sent twice at once: the one that lost the coupon answers the first's order.
      const sameKeyFirst =
        key &&
        (isUniqueViolation(error, 'orders_idempotency_key') ||
          (error instanceof AppError && error.key === 'COUPON_USED' && (await orderByKey(this.db, userId, key))));
      if (sameKeyFirst) return await this.replay(userId, key, requestHash, ctx.lang);
      if (isCheckViolation(error, 'products_stock')) throw new AppError('OUT_OF_STOCK');
      if (isNegativeBalance(error)) throw new AppError('INSUFFICIENT_BALANCE');
      throw error;
    }
  }

  /** Every rule of a purchase, on the state it was read in: the order, the machine and the entries it causes. */
  private judge(
    state: PurchaseState,
    userId: number,
    input: PurchaseInput,
    {
      cfg,
      key,
      requestHash,
      rankCycleId,
      coupon,
    }: { cfg: ConfigValues; key: string | undefined; requestHash: string; rankCycleId: number; coupon?: CouponRow },
  ): PurchaseWrite {
    const now = this.clock.now();
    const { product, accounts } = state;
    const wallet = accounts[input.wallet] as Account;
    // The house pays a coupon's discount, so the wallet needs only what is left to pay.
    const discount =
      coupon && product
        ? couponDiscount(
            coupon,
            { userId, amount: purchaseAmount(product.price, input.quantity), now },
            { symbol: cfg.app_currency, decimals: cfg.app_currency_decimals },
          )
        : 0n;
    assertPurchasable(product, {
      quantity: input.quantity,
      unitsHeld: state.units,
      balance: wallet.balance + discount,
      now,
    });
    const amount = purchaseAmount(product.price, input.quantity);

    const orderId = state.orderId as number;
    const order = {
      id: orderId,
      orderNo: documentNumber('P', now, orderId),
      userId,
      productId: product.id,
      quantity: input.quantity,
      unitPrice: product.price,
      amount,
      discount,
      wallet: input.wallet,
      idempotencyKey: key ?? null,
      requestHash,
      createdAt: now,
    };
    const holding = {
      orderId: order.id,
      userId,
      productId: product.id,
      cycle: product.cycle,
      cyclesTotal: product.cycles,
      principal: amount,
      principalReturned: product.principalReturned,
      startedAt: now,
      ...holdingTerms(product, input.quantity, now),
    };

    const refs = { refType: 'order', refId: String(order.id), at: now };
    const entries: EntryDraft[] = [
      {
        type: 'purchase',
        userId,
        ...refs,
        lines: [
          { accountId: wallet.id, asset: 'CASH', amount: -(amount - discount) },
          { accountId: this.ledger.house('sales', userId), asset: 'CASH', amount },
          // Zero without a coupon, and a line of zero is not written.
          { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -discount },
        ],
      },
    ];
    const points = pointsEarned(product.points, input.quantity);
    if (points > 0n) {
      entries.push({
        type: 'points_earned',
        userId,
        ...refs,
        lines: [
          { accountId: (accounts.points as Account).id, asset: 'POINTS', amount: points },
          { accountId: this.ledger.house('points_issued', userId), asset: 'POINTS', amount: -points },
        ],
      });
    }
    const incomeOf = new Map(state.ancestors.map(({ ancestorId, income }) => [ancestorId, Number(income)]));
    incomeOf.set(userId, (accounts.income as Account).id);
    const rewards = purchaseRewards(
      { amount, discount },
      { id: userId, paidBefore: state.paidBefore },
      state.ancestors,
      cfg,
    );
    for (const reward of rewards) {
      entries.push({
        type: reward.type,
        userId: reward.payeeId,
        ...refs,
        ...(reward.payeeId === userId ? {} : { memberId: userId }),
        lines: [
          { accountId: incomeOf.get(reward.payeeId) as number, asset: 'CASH', amount: reward.amount },
          { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -reward.amount },
        ],
      });
    }
    const teamPoints = teamPointsOf(amount, state.ancestors, cfg.team_points_rates).map((share) => ({
      ...share,
      cycleId: rankCycleId,
      at: now,
      buyerId: userId,
    }));
    return { orders: state.orders, salesShard: userId % SALES_SHARDS, order, holding, entries, teamPoints };
  }

  /**
   * The same Idempotency-Key returns the first purchase's answer; reused for another request, it is
   * refused. Asked only once that order is known to exist.
   */
  private async replay(userId: number, key: string, requestHash: string, lang: Language) {
    const row = await orderByKey(this.db, userId, key);
    if (!row) throw new Error(`the order with Idempotency-Key ${key} was not found`);
    if (row.order.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    const decimals = await this.config.get('app_currency_decimals');
    return presentPurchase(row.order, row.holding, row.product, { lang, decimals });
  }

  async orders(userId: number | undefined, query: { cursor?: string; limit: number }, lang: Language) {
    const rows = await orderPage(this.db, userId, query);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => presentOrder(row.order, localizedText(row.name, lang), decimals));
  }

  async productNames(ids: number[], lang: Language) {
    if (ids.length === 0) return new Map<number, { name: string; image: string }>();
    const rows = await this.db
      .select({ id: products.id, name: products.name, image: products.image })
      .from(products)
      .where(inArray(products.id, ids));
    return new Map(rows.map((row) => [row.id, { name: localizedText(row.name, lang), image: row.image }]));
  }
}

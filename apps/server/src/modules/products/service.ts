import {
  type api,
  applyRate,
  type ConfigValues,
  CYCLE_SECONDS,
  type Language,
  type ParsedInputOf,
  toMinor,
  USER_ACCOUNT_KINDS,
} from '@app/contracts';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { documentNumber } from '../../db/document-numbers.ts';
import { isCheckViolation, isUniqueViolation } from '../../db/errors.ts';
import { holdings, orders, products } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { ensureUserAccounts } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, isNegativeBalance } from '../../ledger/post.ts';
import { sha256 } from '../../security.ts';
import type { ConfigService } from '../config/service.ts';
import { cycleEnd, localizedText, presentHolding, presentOrder, presentProduct } from './presenter.ts';
import {
  type PurchaseRequest,
  type PurchaseState,
  type PurchaseWrite,
  readPurchases,
  writePurchases,
} from './purchase-repository.ts';

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

  private async figures(productIds: number[], userId: number | undefined) {
    if (productIds.length === 0) return { sold: new Map<number, number>(), purchased: new Map<number, number>() };
    const ids = sql.join(
      productIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const [sold, purchased] = await Promise.all([
      queryRows<{ product_id: number; sold: number }>(
        this.db,
        sql`select product_id, sum(sold)::integer as sold from product_sales where product_id in (${ids}) group by product_id`,
      ),
      userId === undefined
        ? Promise.resolve([])
        : queryRows<{ product_id: number; purchased: number }>(
            this.db,
            sql`select product_id, sum(quantity)::integer as purchased from orders
              where user_id = ${userId} and product_id in (${ids}) group by product_id`,
          ),
    ]);
    return {
      sold: new Map(sold.map((row) => [row.product_id, row.sold])),
      purchased: new Map(purchased.map((row) => [row.product_id, row.purchased])),
    };
  }

  /** Products on sale now or soon; limited-time ones disappear when their window ends. */
  async list(cycle: string | undefined, lang: Language, userId?: number) {
    const now = this.clock.now();
    const rows = await this.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.status, 'on'),
          cycle ? eq(products.cycle, cycle as 'hour') : undefined,
          sql`(${products.saleEndsAt} is null or ${products.saleEndsAt} > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(products.sort), asc(products.id));
    const decimals = await this.config.get('app_currency_decimals');
    const { sold, purchased } = await this.figures(
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
    const { sold, purchased } = await this.figures([id], userId);
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
    const requestHash = sha256(JSON.stringify([input.productId, input.quantity, input.wallet]));
    const key = ctx.idempotencyKey;
    const cfg = await this.config.all();
    try {
      for (let attempt = 1; attempt <= MAX_PURCHASE_ATTEMPTS; attempt++) {
        const state = await this.reads.submit({ userId, productId: input.productId, idempotencyKey: key });
        if (state.replayed) return await this.replay(userId, key as string, requestHash, ctx.lang);
        if (input.wallet === 'income' && !cfg.purchase_from_income) throw new AppError('INCOME_WALLET_NOT_ALLOWED');
        const closed = [userId, ...state.ancestors.filter((a) => a.income === null).map((a) => a.ancestorId)];
        if (Object.keys(state.accounts).length < USER_ACCOUNT_KINDS.length || closed.length > 1) {
          for (const id of closed) await ensureUserAccounts(this.db, id);
          continue;
        }
        const plan = this.judge(state, userId, input, { cfg, key, requestHash });
        const holding = await this.writes.submit(plan);
        if (!holding) continue;
        const product = state.product as ProductRow;
        const name = localizedText(product.name, ctx.lang);
        return {
          order: presentOrder(plan.order, name, cfg.app_currency_decimals),
          holding: presentHolding(holding, { name, image: product.image }, cfg.app_currency_decimals),
        };
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

  /** Every rule of a purchase, on the state it was read in: the order, the machine and the entries it causes. */
  private judge(
    state: PurchaseState,
    userId: number,
    input: PurchaseInput,
    { cfg, key, requestHash }: { cfg: ConfigValues; key: string | undefined; requestHash: string },
  ): PurchaseWrite {
    const now = this.clock.now();
    const { product, accounts } = state;
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    if (product.status !== 'on') throw new AppError('PRODUCT_OFF_SALE');
    if (product.saleStartsAt && now < product.saleStartsAt) {
      throw new AppError('PRODUCT_NOT_STARTED', {
        time: product.saleStartsAt.toISOString().slice(0, 16).replace('T', ' '),
      });
    }
    if (product.saleEndsAt && now >= product.saleEndsAt) throw new AppError('PRODUCT_EXPIRED');
    if (product.purchaseLimit > 0 && state.units + input.quantity > product.purchaseLimit) {
      throw new AppError('PURCHASE_LIMIT', { limit: product.purchaseLimit });
    }
    const amount = product.price * BigInt(input.quantity);
    const wallet = accounts[input.wallet] as Account;
    if (wallet.balance < amount) throw new AppError('INSUFFICIENT_BALANCE');
    if (product.stock !== null && product.stockSold + input.quantity > product.stock)
      throw new AppError('OUT_OF_STOCK');

    const orderId = state.orderId as number;
    const order = {
      id: orderId,
      orderNo: documentNumber('P', now, orderId),
      userId,
      productId: product.id,
      quantity: input.quantity,
      unitPrice: product.price,
      amount,
      wallet: input.wallet,
      idempotencyKey: key ?? null,
      requestHash,
      createdAt: now,
    };
    const cycleSeconds = CYCLE_SECONDS[product.cycle];
    const holding = {
      orderId: order.id,
      userId,
      productId: product.id,
      cycle: product.cycle,
      cycleSeconds,
      incomePerCycle: product.incomePerCycle * BigInt(input.quantity),
      cyclesTotal: product.cycles,
      principal: amount,
      principalReturned: product.principalReturned,
      startedAt: now,
      nextAccrualAt: new Date(now.getTime() + cycleSeconds * 1000),
      endsAt: cycleEnd(now, product.cycle, product.cycles),
    };

    const refs = { refType: 'order', refId: String(order.id), at: now };
    const entries: EntryDraft[] = [
      {
        type: 'purchase',
        userId,
        ...refs,
        lines: [
          { accountId: wallet.id, asset: 'CASH', amount: -amount },
          { accountId: this.ledger.house('sales', userId), asset: 'CASH', amount },
        ],
      },
    ];
    const points = BigInt(product.points * input.quantity);
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
    const payout = (type: EntryDraft['type'], payee: number, payeeIncome: number, value: bigint): EntryDraft => ({
      type,
      userId: payee,
      ...refs,
      memo: payee === userId ? '' : `user:${userId}`,
      lines: [
        { accountId: payeeIncome, asset: 'CASH', amount: value },
        { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -value },
      ],
    });
    for (const { ancestorId, depth, income } of state.ancestors) {
      const commission = applyRate(amount, cfg.referral_rates[depth - 1] ?? '0');
      if (commission > 0n) entries.push(payout('distribution_profit', ancestorId, Number(income), commission));
      if (depth === 1 && state.orders === 0) {
        const bonus = toMinor(cfg.new_invite_bonus, cfg.app_currency_decimals);
        if (bonus > 0n) entries.push(payout('new_invite_bonus', ancestorId, Number(income), bonus));
      }
    }
    if (state.orders > 0) {
      const bonus = applyRate(amount, cfg.repurchase_bonus_rate);
      if (bonus > 0n) entries.push(payout('repurchase_bonus', userId, (accounts.income as Account).id, bonus));
    }
    return { orders: state.orders, salesShard: userId % SALES_SHARDS, order, holding, entries };
  }

  /**
   * The same Idempotency-Key returns the first purchase's answer; reused for another request, it is
   * refused. Asked only once that order is known to exist.
   */
  private async replay(userId: number, key: string, requestHash: string, lang: Language) {
    const [row] = await this.db
      .select({ order: orders, holding: holdings, product: products })
      .from(orders)
      .innerJoin(holdings, eq(holdings.orderId, orders.id))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    if (!row) throw new Error(`the order with Idempotency-Key ${key} was not found`);
    if (row.order.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    const decimals = await this.config.get('app_currency_decimals');
    const name = localizedText(row.product.name, lang);
    return {
      order: presentOrder(row.order, name, decimals),
      holding: presentHolding(row.holding, { name, image: row.product.image }, decimals),
    };
  }

  async orders(userId: number | undefined, query: { cursor?: string; limit: number }, lang: Language) {
    const rows = await this.db
      .select({ order: orders, name: products.name })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(
        and(
          userId === undefined ? undefined : eq(orders.userId, userId),
          query.cursor ? lt(orders.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(query.limit + 1);
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

import { type api, applyRate, CYCLE_SECONDS, type Language, type ParsedInputOf, toMinor } from '@app/contracts';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { holdings, orders, products } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { cursorId, pageOf } from '../../http/pagination.ts';
import { lockUserAccounts, userAccountIds } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, postEntries } from '../../ledger/post.ts';
import { randomDigits, sha256 } from '../../security.ts';
import type { ConfigService } from '../config/service.ts';
import { cycleEnd, localizedText, presentHolding, presentOrder, presentProduct } from './presenter.ts';
import { countSale, findProduct, insertHolding, insertOrder, purchaseHistory } from './purchase-repository.ts';

type PurchaseInput = ParsedInputOf<typeof api.products.purchase>;

/** Returned from the purchase transaction when a request with the same Idempotency-Key has bought. */
const ALREADY_BOUGHT = Symbol('already bought');

/** Sales of a product are counted in this many rows, so popular products are not one hot row. */
const SALES_SHARDS = 8;

export class ProductService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
  ) {}

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
   * One transaction: the paying wallet is locked first, which queues this user's purchases one
   * after another (so a limit or a balance cannot be overspent by parallel requests); then the
   * product checks, stock, order, holding, and every ledger entry the purchase causes.
   */
  async purchase(userId: number, input: PurchaseInput, ctx: { lang: Language; idempotencyKey?: string }) {
    const requestHash = sha256(JSON.stringify([input.productId, input.quantity, input.wallet]));
    const key = ctx.idempotencyKey;
    if (key) {
      const replay = await this.replay(userId, key, requestHash, ctx.lang);
      if (replay) return replay;
    }
    const cfg = await this.config.all();
    if (input.wallet === 'income' && !cfg.purchase_from_income) throw new AppError('INCOME_WALLET_NOT_ALLOWED');
    try {
      const bought = await inTransaction(this.db, async (tx) => {
        const now = this.clock.now();
        const buyer = await lockUserAccounts(tx, userId);
        const wallet = buyer[input.wallet];
        // Read under the wallet lock.
        const history = await purchaseHistory(tx, userId, input.productId, key);
        // A parallel request with this key may have bought while we waited for the wallet:
        // answer its order rather than judging the balance it has already spent.
        if (history.replayed) return ALREADY_BOUGHT;
        const product = await findProduct(tx, input.productId);
        if (!product) throw new AppError('PRODUCT_NOT_FOUND');
        if (product.status !== 'on') throw new AppError('PRODUCT_OFF_SALE');
        if (product.saleStartsAt && now < product.saleStartsAt) {
          throw new AppError('PRODUCT_NOT_STARTED', {
            time: product.saleStartsAt.toISOString().slice(0, 16).replace('T', ' '),
          });
        }
        if (product.saleEndsAt && now >= product.saleEndsAt) throw new AppError('PRODUCT_EXPIRED');
        const previousOrders = history.orders;
        if (product.purchaseLimit > 0 && history.units + input.quantity > product.purchaseLimit) {
          throw new AppError('PURCHASE_LIMIT', { limit: product.purchaseLimit });
        }
        const amount = product.price * BigInt(input.quantity);
        if (wallet.balance < amount) throw new AppError('INSUFFICIENT_BALANCE');
        if (product.stock !== null) {
          const taken = await tx
            .update(products)
            .set({ stockSold: sql`${products.stockSold} + ${input.quantity}` })
            .where(
              and(eq(products.id, product.id), sql`${products.stockSold} + ${input.quantity} <= ${products.stock}`),
            )
            .returning({ id: products.id });
          if (taken.length === 0) throw new AppError('OUT_OF_STOCK');
        }
        await countSale(tx, product.id, userId % SALES_SHARDS, input.quantity);
        const order = await insertOrder(tx, {
          orderNo: orderNumber(now),
          userId,
          productId: product.id,
          quantity: input.quantity,
          unitPrice: product.price,
          amount,
          wallet: input.wallet,
          idempotencyKey: key ?? null,
          requestHash,
          createdAt: now,
        });
        const cycleSeconds = CYCLE_SECONDS[product.cycle];
        const holding = await insertHolding(tx, {
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
        });

        const refs = { refType: 'order', refId: String(order.id), at: now };
        const drafts: EntryDraft[] = [
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
          drafts.push({
            type: 'points_earned',
            userId,
            ...refs,
            lines: [
              { accountId: buyer.points.id, asset: 'POINTS', amount: points },
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
        for (const { ancestorId, depth, income: openIncome } of history.ancestors) {
          const income = openIncome === null ? (await userAccountIds(tx, ancestorId)).income : Number(openIncome);
          const commission = applyRate(amount, cfg.referral_rates[depth - 1] ?? '0');
          if (commission > 0n) drafts.push(payout('distribution_profit', ancestorId, income, commission));
          if (depth === 1 && previousOrders === 0) {
            const bonus = toMinor(cfg.new_invite_bonus, cfg.app_currency_decimals);
            if (bonus > 0n) drafts.push(payout('new_invite_bonus', ancestorId, income, bonus));
          }
        }
        if (previousOrders > 0) {
          const bonus = applyRate(amount, cfg.repurchase_bonus_rate);
          if (bonus > 0n) drafts.push(payout('repurchase_bonus', userId, buyer.income.id, bonus));
        }
        await postEntries(tx, drafts);

        const name = localizedText(product.name, ctx.lang);
        return {
          order: presentOrder(order, name, cfg.app_currency_decimals),
          holding: presentHolding(holding, { name, image: product.image }, cfg.app_currency_decimals),
        };
      });
      if (bought !== ALREADY_BOUGHT) return bought;
      const replay = key ? await this.replay(userId, key, requestHash, ctx.lang) : undefined;
      if (!replay) throw new Error('idempotent purchase vanished');
      return replay;
    } catch (error) {
      if (key && isUniqueViolation(error, 'orders_idempotency_key')) {
        const replay = await this.replay(userId, key, requestHash, ctx.lang);
        if (replay) return replay;
      }
      throw error;
    }
  }

  /** The same Idempotency-Key returns the first purchase's answer; reused for another request, it is refused. */
  private async replay(userId: number, key: string, requestHash: string, lang: Language) {
    const [row] = await this.db
      .select({ order: orders, holding: holdings, product: products })
      .from(orders)
      .innerJoin(holdings, eq(holdings.orderId, orders.id))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    if (!row) return undefined;
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

/** "P" + UTC date + 10 random digits: readable, sortable by day, unguessable enough. */
function orderNumber(now: Date): string {
  return `P${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomDigits(10)}`;
}

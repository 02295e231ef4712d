import {
  type AdminRole,
  type adminApi,
  fromMinor,
  type ParsedInputOf,
  PRODUCT_MAX_MINOR,
  PRODUCT_TERMS,
  PRODUCT_TERMS_ROLES,
  toMinor,
} from '@app/contracts';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { orders, products, users } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { localizedText, presentOrder, presentProduct } from './presenter.ts';

type ProductInput = ParsedInputOf<typeof adminApi.products.createProduct>;
type ProductRow = typeof products.$inferSelect;

/**
 * A product's total income per unit stays within PRODUCT_MAX_MINOR, the bound the accrual's
 * arithmetic is sized for (see there); the contract checks it only in whole units.
 */
function checkTotalIncome(terms: { incomePerCycle: bigint; cycles: number }, decimals: number) {
  if (terms.incomePerCycle * BigInt(terms.cycles) > PRODUCT_MAX_MINOR) {
    throw new AppError('PRODUCT_INCOME_TOO_LARGE', { max: fromMinor(PRODUCT_MAX_MINOR, decimals) });
  }
}

/** The operator's side of products: every field, any status, and orders of every user. */
export class ProductAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  /** `db` is the caller's transaction when there is one: PGlite has a single connection. */
  private async present(rows: ProductRow[], decimals: number, db: Db = this.db) {
    const sold = await db
      .select({ productId: sql<number>`product_id`, sold: sql<number>`sum(sold)::integer` })
      .from(sql`product_sales`)
      .groupBy(sql`product_id`);
    const soldBy = new Map(sold.map((row) => [Number(row.productId), Number(row.sold)]));
    return rows.map((row) => ({
      ...presentProduct(row, { lang: 'en', decimals, sold: soldBy.get(row.id) ?? 0, purchased: 0 }),
      nameI18n: row.name,
      descriptionI18n: row.description,
      status: row.status,
      sort: row.sort,
    }));
  }

  async list() {
    const decimals = await this.config.get('app_currency_decimals');
    return this.present(await this.db.select().from(products).orderBy(asc(products.sort), asc(products.id)), decimals);
  }

  /**
   * Turns the operator's major-unit strings into stored minor units, refusing extra decimals and
   * amounts past PRODUCT_MAX_MINOR.
   */
  private async values(input: Partial<ProductInput>, decimals: number) {
    const money = (field: string, value: string) => {
      let minor: bigint;
      try {
        minor = toMinor(value, decimals);
      } catch {
        throw new AppError('INVALID_INPUT', { field });
      }
      if (minor < 0n || (field === 'price' && minor === 0n)) throw new AppError('INVALID_INPUT', { field });
      if (minor > PRODUCT_MAX_MINOR) {
        throw new AppError('PRODUCT_AMOUNT_TOO_LARGE', { field, max: fromMinor(PRODUCT_MAX_MINOR, decimals) });
      }
      return minor;
    };
    if (input.saleStartsAt && input.saleEndsAt && input.saleStartsAt >= input.saleEndsAt) {
      throw new AppError('INVALID_INPUT', { field: 'saleEndsAt' });
    }
    return {
      ...(input.name && { name: input.name as Record<string, string> }),
      ...(input.description && { description: input.description as Record<string, string> }),
      ...(input.image !== undefined && { image: input.image }),
      ...(input.price !== undefined && { price: money('price', input.price) }),
      ...(input.cycle && { cycle: input.cycle }),
      ...(input.incomePerCycle !== undefined && { incomePerCycle: money('incomePerCycle', input.incomePerCycle) }),
      ...(input.cycles !== undefined && { cycles: input.cycles }),
      ...(input.points !== undefined && { points: input.points }),
      ...(input.purchaseLimit !== undefined && { purchaseLimit: input.purchaseLimit }),
      ...(input.stock !== undefined && { stock: input.stock }),
      ...(input.saleStartsAt !== undefined && {
        saleStartsAt: input.saleStartsAt === null ? null : new Date(input.saleStartsAt),
      }),
      ...(input.saleEndsAt !== undefined && {
        saleEndsAt: input.saleEndsAt === null ? null : new Date(input.saleEndsAt),
      }),
      ...(input.principalReturned !== undefined && { principalReturned: input.principalReturned }),
      ...(input.status && { status: input.status }),
      ...(input.sort !== undefined && { sort: input.sort }),
    };
  }

  /** Only owner and finance reach this (the endpoint's roles): a new product is its terms. */
  async create(input: ProductInput, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const values = await this.values(input, decimals);
    checkTotalIncome({ incomePerCycle: values.incomePerCycle ?? 0n, cycles: values.cycles ?? 1 }, decimals);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          description: {},
          ...values,
          name: values.name ?? { en: '' },
          price: values.price ?? 0n,
          cycle: values.cycle ?? 'day',
          incomePerCycle: values.incomePerCycle ?? 0n,
          cycles: values.cycles ?? 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('product insert returned nothing');
      const [presented] = await this.present([row], decimals, tx);
      await recordAudit(tx, actor, {
        action: 'product.create',
        target: `product:${row.id}`,
        before: null,
        after: input,
        at: now,
      });
      return presented as NonNullable<typeof presented>;
    });
  }

  /**
   * Price and income changes apply to new purchases; holdings keep what they were bought with.
   * The terms (PRODUCT_TERMS) change only by owner or finance; other roles may send them unchanged,
   * as the back office sends the whole product.
   */
  async update(id: number, input: Partial<ProductInput>, actor: Actor, role: AdminRole) {
    const decimals = await this.config.get('app_currency_decimals');
    const values = await this.values(input, decimals);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!before) throw new AppError('PRODUCT_NOT_FOUND');
      const changesTerms = PRODUCT_TERMS.some(
        (field) => values[field] !== undefined && values[field] !== before[field],
      );
      if (changesTerms && !PRODUCT_TERMS_ROLES.includes(role)) throw new AppError('PRODUCT_TERMS_FORBIDDEN');
      if (values.incomePerCycle !== undefined || values.cycles !== undefined) {
        checkTotalIncome({ ...before, ...values }, decimals);
      }
      if (values.stock !== undefined && values.stock !== null && values.stock < before.stockSold) {
        throw new AppError('INVALID_INPUT', { field: 'stock' });
      }
      const [after] = await tx
        .update(products)
        .set({ ...values, updatedAt: now })
        .where(eq(products.id, id))
        .returning();
      const [presentedBefore, presentedAfter] = await this.present([before, after ?? before], decimals, tx);
      await recordAudit(tx, actor, {
        action: 'product.update',
        target: `product:${id}`,
        before: presentedBefore,
        after: presentedAfter,
        at: now,
      });
      return presentedAfter as NonNullable<typeof presentedAfter>;
    });
  }

  async orders(query: { cursor?: string; limit: number; userId?: number }) {
    const rows = await this.db
      .select({ order: orders, name: products.name, account: users.account })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(
        and(
          query.userId === undefined ? undefined : eq(orders.userId, query.userId),
          query.cursor ? lt(orders.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(query.limit + 1);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => ({
      ...presentOrder(row.order, localizedText(row.name, 'en'), decimals),
      userId: row.order.userId,
      userAccount: row.account,
    }));
  }
}

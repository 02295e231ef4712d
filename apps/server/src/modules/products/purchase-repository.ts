import { type Db, preparedRows } from '../../db/client.ts';
import type { holdings, orders, products } from '../../db/schema.ts';

/**
 * The purchase's own statements, as plain prepared SQL (see preparedRows): a purchase is the
 * busiest write there is, and building these with the query builder cost more than running them.
 * Rows come back in the schema's shapes, so the presenters do not know the difference.
 */

type ProductRow = typeof products.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type HoldingRow = typeof holdings.$inferSelect;
/** node-postgres answers bigint columns as strings, PGlite as numbers or bigints. */
type Int8 = string | number | bigint;
type Timestamp = Date | string;

const at = (value: Timestamp) => new Date(value);
const atOrNull = (value: Timestamp | null) => (value === null ? null : new Date(value));

const PRODUCT = `select id, name, description, image, price, cycle, income_per_cycle, cycles, points, purchase_limit,
  stock, stock_sold, sale_starts_at, sale_ends_at, principal_returned, status, sort, created_at, updated_at
  from products where id = $1`;

interface RawProduct {
  id: number;
  name: Record<string, string>;
  description: Record<string, string>;
  image: string;
  price: Int8;
  cycle: ProductRow['cycle'];
  income_per_cycle: Int8;
  cycles: number;
  points: number;
  purchase_limit: number;
  stock: number | null;
  stock_sold: number;
  sale_starts_at: Timestamp | null;
  sale_ends_at: Timestamp | null;
  principal_returned: boolean;
  status: ProductRow['status'];
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export async function findProduct(tx: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await preparedRows<RawProduct>(tx, 'purchase_product', PRODUCT, [id]);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    price: BigInt(row.price),
    cycle: row.cycle,
    incomePerCycle: BigInt(row.income_per_cycle),
    cycles: row.cycles,
    points: row.points,
    purchaseLimit: row.purchase_limit,
    stock: row.stock,
    stockSold: row.stock_sold,
    saleStartsAt: atOrNull(row.sale_starts_at),
    saleEndsAt: atOrNull(row.sale_ends_at),
    principalReturned: row.principal_returned,
    status: row.status,
    sort: row.sort,
    createdAt: at(row.created_at),
    updatedAt: at(row.updated_at),
  };
}

export interface PurchaseHistory {
  /** Units of this product the buyer already has. */
  units: number;
  /** Orders of any product. */
  orders: number;
  /** An order with this Idempotency-Key exists. */
  replayed: boolean;
  /** Inviters, nearest first, with their income account when it is open. */
  ancestors: { ancestorId: number; depth: number; income: number | null }[];
}

const HISTORY = `select coalesce(sum(quantity) filter (where product_id = $2), 0)::integer as units,
  count(*)::integer as orders,
  coalesce(bool_or(idempotency_key = $3), false) as replayed,
  (select coalesce(json_agg(json_build_object('ancestorId', ua.ancestor_id, 'depth', ua.depth, 'income', a.id)
      order by ua.depth), '[]'::json)
    from user_ancestors ua
    left join ledger_accounts a on a.user_id = ua.ancestor_id and a.kind = 'income'
    where ua.user_id = $1) as ancestors
  from orders where user_id = $1`;

/** The buyer's history and inviters in one round trip. */
export async function purchaseHistory(
  tx: Db,
  userId: number,
  productId: number,
  idempotencyKey: string | undefined,
): Promise<PurchaseHistory> {
  const [row] = await preparedRows<PurchaseHistory>(tx, 'purchase_history', HISTORY, [
    userId,
    productId,
    idempotencyKey ?? null,
  ]);
  return row ?? { units: 0, orders: 0, replayed: false, ancestors: [] };
}

const COUNT_SALE = `insert into product_sales (product_id, shard, sold) values ($1, $2, $3)
  on conflict (product_id, shard) do update set sold = product_sales.sold + excluded.sold`;

export async function countSale(tx: Db, productId: number, shard: number, quantity: number): Promise<void> {
  await preparedRows(tx, 'purchase_count_sale', COUNT_SALE, [productId, shard, quantity]);
}

const INSERT_ORDER = `insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet,
  idempotency_key, request_hash, created_at)
  values ($1, $2, $3, $4, $5::bigint, $6::bigint, $7, $8, $9, $10::timestamptz) returning id`;

export async function insertOrder(tx: Db, order: Omit<OrderRow, 'id'>): Promise<OrderRow> {
  const [row] = await preparedRows<{ id: Int8 }>(tx, 'purchase_order', INSERT_ORDER, [
    order.orderNo,
    order.userId,
    order.productId,
    order.quantity,
    order.unitPrice.toString(),
    order.amount.toString(),
    order.wallet,
    order.idempotencyKey,
    order.requestHash,
    order.createdAt.toISOString(),
  ]);
  if (!row) throw new Error('order insert returned nothing');
  return { id: Number(row.id), ...order };
}

const INSERT_HOLDING = `insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle,
  cycles_total, principal, principal_returned, started_at, next_accrual_at, ends_at)
  values ($1, $2, $3, $4, $5, $6::bigint, $7, $8::bigint, $9, $10::timestamptz, $11::timestamptz, $12::timestamptz)
  returning id`;

/** A new machine: no cycle accrued, nothing uncollected. */
export async function insertHolding(
  tx: Db,
  holding: Omit<HoldingRow, 'id' | 'status' | 'cyclesAccrued' | 'uncollected'> & { nextAccrualAt: Date },
): Promise<HoldingRow> {
  const [row] = await preparedRows<{ id: Int8 }>(tx, 'purchase_holding', INSERT_HOLDING, [
    holding.orderId,
    holding.userId,
    holding.productId,
    holding.cycle,
    holding.cycleSeconds,
    holding.incomePerCycle.toString(),
    holding.cyclesTotal,
    holding.principal.toString(),
    holding.principalReturned,
    holding.startedAt.toISOString(),
    holding.nextAccrualAt.toISOString(),
    holding.endsAt.toISOString(),
  ]);
  if (!row) throw new Error('holding insert returned nothing');
  return { id: Number(row.id), status: 'holding', cyclesAccrued: 0, uncollected: 0n, ...holding };
}

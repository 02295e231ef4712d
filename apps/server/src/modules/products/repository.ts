import type { Cycle, UserAccountKind } from '@app/contracts';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { columnsOf, type Db, preparedRows, queryRows } from '../../db/client.ts';
import { holdings, orders, products } from '../../db/schema.ts';
import { cursorId } from '../../domain/paging.ts';
import { type EntryDraft, postingParams, postingSql } from '../../ledger/post.ts';
import { TEAM_POINTS_PARAMS, type TeamPointsShare, teamPointsParams, teamPointsSql } from '../rank/repository.ts';

/**
 * The purchase's own statements are plain prepared SQL (see preparedRows): a purchase is the
 * busiest write there is, and building these with the query builder cost more than running them.
 * Rows come back in the schema's shapes, so the presenters do not know the difference. The
 * catalogue and the orders are read with the query builder (at the end).
 */

type ProductRow = typeof products.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type HoldingRow = typeof holdings.$inferSelect;
/** node-postgres answers bigint columns as strings, PGlite as numbers or bigints. */
type Int8 = string | number | bigint;
type Timestamp = Date | string;

const at = (value: Timestamp) => new Date(value);
const atOrNull = (value: Timestamp | null) => (value === null ? null : new Date(value));

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

function productFrom(row: RawProduct): ProductRow {
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

/** What a purchase is judged on, read in one statement outside any transaction. */
export interface PurchaseState {
  product: ProductRow | undefined;
  /** The buyer's open accounts by kind, with their balances when read. */
  accounts: Partial<Record<UserAccountKind, { id: number; balance: bigint }>>;
  /** Orders of any product: the version `writePurchases` checks. */
  orders: number;
  /** The buyer has an order they paid something for (`isPaidOrder`): not every one a coupon paid wholly. */
  paidBefore: boolean;
  /** Units of this product the buyer already has. */
  units: number;
  /** An order with this Idempotency-Key exists. */
  replayed: boolean;
  /** Inviters, nearest first, with their income account when it is open. */
  ancestors: { ancestorId: number; depth: number; income: number | null }[];
  /** The id the order will have (taken from its sequence) when a product was found. */
  orderId: number | null;
}

/** What one purchase request reads: the buyer, the product and the request's Idempotency-Key. */
export interface PurchaseRequest {
  userId: number;
  productId: number;
  idempotencyKey: string | undefined;
}

const READ = `select p.id, p.name, p.description, p.image, p.price, p.cycle, p.income_per_cycle, p.cycles, p.points,
    p.purchase_limit, p.stock, p.stock_sold, p.sale_starts_at, p.sale_ends_at, p.principal_returned, p.status,
    p.sort, p.created_at, p.updated_at,
    (select coalesce(json_agg(json_build_object('id', a.id, 'kind', a.kind, 'balance', a.balance::text)), '[]'::json)
      from ledger_accounts a where a.user_id = r.user_id) as accounts,
    coalesce((select c.orders from purchase_counts c where c.user_id = r.user_id), 0) as orders,
    exists (select 1 from orders o where o.user_id = r.user_id and o.amount > o.discount) as paid_before,
    (select coalesce(sum(o.quantity), 0)::integer from orders o
      where o.user_id = r.user_id and o.product_id = r.product_id) as units,
    exists (select 1 from orders o where o.user_id = r.user_id and o.idempotency_key = r.idempotency_key) as replayed,
    (select coalesce(json_agg(json_build_object('ancestorId', ua.ancestor_id, 'depth', ua.depth, 'income', a.id)
        order by ua.depth), '[]'::json)
      from user_ancestors ua left join ledger_accounts a on a.user_id = ua.ancestor_id and a.kind = 'income'
      where ua.user_id = r.user_id) as ancestors,
    case when p.id is not null then nextval('orders_id_seq') end as order_id
  from unnest($1::integer[], $2::integer[], $3::text[]) with ordinality as r(user_id, product_id, idempotency_key, ord)
  left join products p on p.id = r.product_id
  order by r.ord`;

type RawState = Omit<RawProduct, 'id'> & {
  id: number | null;
  accounts: { id: number; kind: UserAccountKind; balance: string }[];
  orders: number;
  paid_before: boolean;
  units: number;
  replayed: boolean;
  ancestors: PurchaseState['ancestors'];
  order_id: Int8 | null;
};

/** The states of several purchase requests in one statement, in the order given. */
export async function readPurchases(db: Db, requests: PurchaseRequest[]): Promise<PurchaseState[]> {
  const rows = await preparedRows<RawState>(db, 'purchase_read', READ, [
    requests.map((request) => request.userId),
    requests.map((request) => request.productId),
    requests.map((request) => request.idempotencyKey ?? null),
  ]);
  return rows.map((row) => ({
    product: row.id === null ? undefined : productFrom({ ...row, id: row.id }),
    accounts: Object.fromEntries(
      row.accounts.map((account) => [account.kind, { id: account.id, balance: BigInt(account.balance) }]),
    ),
    orders: row.orders,
    paidBefore: row.paid_before,
    units: row.units,
    replayed: row.replayed,
    ancestors: row.ancestors,
    orderId: row.order_id === null ? null : Number(row.order_id),
  }));
}

export interface PurchaseWrite {
  /** The buyer's order count the purchase was judged on. */
  orders: number;
  /** product_sales row this buyer counts in. */
  salesShard: number;
  order: OrderRow;
  holding: Omit<HoldingRow, 'id' | 'status' | 'cyclesAccrued' | 'uncollected'> & { nextAccrualAt: Date };
  entries: EntryDraft[];
  /** The team points the purchase gives the buyer's inviters in the current rank cycle. */
  teamPoints: TeamPointsShare[];
}

/** One array per column of the purchases, in this order, unnested back into rows by WRITE. */
const PURCHASE_COLUMNS = `user_id integer, orders integer, product_id integer, shard smallint, quantity integer,
  order_id bigint, order_no text, unit_price bigint, amount bigint, discount bigint, wallet text, idempotency_key text,
  request_hash text,
  created_at timestamptz, cycle text, cycle_seconds integer, income_per_cycle bigint, cycles_total integer,
  principal_returned boolean, next_accrual_at timestamptz, ends_at timestamptz`
  .split(',')
  .map((column) => column.trim().split(' ') as [name: string, type: string]);

const purchaseRow = ({ orders, salesShard, order, holding }: PurchaseWrite) => [
  order.userId,
  orders,
  order.productId,
  salesShard,
  order.quantity,
  order.id,
  order.orderNo,
  order.unitPrice.toString(),
  order.amount.toString(),
  order.discount.toString(),
  order.wallet,
  order.idempotencyKey,
  order.requestHash,
  order.createdAt.toISOString(),
  holding.cycle,
  holding.cycleSeconds,
  holding.incomePerCycle.toString(),
  holding.cyclesTotal,
  holding.principalReturned,
  holding.nextAccrualAt.toISOString(),
  holding.endsAt.toISOString(),
];

/*
 * Rows are taken in key order (buyers by id, sales counters by product and shard, accounts by id in
 * postingSql) so that statements running at once cannot deadlock on each other.
 */
const WRITE = `with purchase_in as (
    select * from unnest(${PURCHASE_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})
      as p(${PURCHASE_COLUMNS.map(([name]) => name).join(', ')})
  ), buyer as (
    insert into purchase_counts as c (user_id, orders)
    select user_id, orders + 1 from purchase_in order by user_id
    on conflict (user_id) do update set orders = excluded.orders where c.orders = excluded.orders - 1
    returning c.user_id
  ), bought as (
    select p.* from purchase_in p join buyer b on b.user_id = p.user_id
  ), sale as (
    insert into product_sales as s (product_id, shard, sold)
    select product_id, shard, sum(quantity) from bought group by 1, 2 order by 1, 2
    on conflict (product_id, shard) do update set sold = s.sold + excluded.sold
    returning 1
  ), stock as (
    update products set stock_sold = products.stock_sold + b.quantity
    from (select product_id, sum(quantity)::integer as quantity from bought group by 1) b
    where products.id = b.product_id and products.stock is not null
    returning 1
  ), purchase as (
    select b.user_id as key from bought b, (select count(*) from sale) as sold, (select count(*) from stock) as stocked
  ), placed as (
    insert into orders (id, order_no, user_id, product_id, quantity, unit_price, amount, discount, wallet,
      idempotency_key, request_hash, created_at)
    select order_id, order_no, user_id, product_id, quantity, unit_price, amount, discount, wallet, idempotency_key,
      request_hash, created_at from bought
  ), held as (
    insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
      principal, principal_returned, started_at, next_accrual_at, ends_at)
    select order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total, amount,
      principal_returned, created_at, next_accrual_at, ends_at from bought
    returning id, order_id
  ), ${teamPointsSql(PURCHASE_COLUMNS.length + 1, 'purchase')},
  ${postingSql(PURCHASE_COLUMNS.length + TEAM_POINTS_PARAMS + 1, 'purchase')}
  select order_id, id as holding_id from held`;

/**
 * Purchases in one statement (one transaction): for each, the buyer's order count goes up only if
 * it is still the one the purchase was judged on, and only then are its sales counters, order,
 * holding, ledger entries (`postingSql`) and team points (`teamPointsSql`) written; the others are written without it. The
 * answer, in the order given, is each purchase's new holding, or undefined where the count had
 * moved on (judge it again). A balance below zero or a sold-out stock fails the whole statement on
 * the tables' CHECKs; so does an Idempotency-Key already used.
 */
export async function writePurchases(db: Db, purchases: PurchaseWrite[]): Promise<(HoldingRow | undefined)[]> {
  const rows = purchases.map(purchaseRow);
  const entries = purchases.flatMap((purchase) => purchase.entries);
  const gates = purchases.flatMap((purchase) => purchase.entries.map(() => purchase.order.userId));
  const held = await preparedRows<{ order_id: Int8; holding_id: Int8 }>(db, 'purchase_write', WRITE, [
    ...columnsOf(rows, PURCHASE_COLUMNS.length),
    ...teamPointsParams(purchases.flatMap((purchase) => purchase.teamPoints)),
    ...postingParams(entries, gates),
  ]);
  const holdingOf = new Map(held.map((row) => [Number(row.order_id), Number(row.holding_id)]));
  return purchases.map(({ order, holding }) => {
    const id = holdingOf.get(order.id);
    return id === undefined
      ? undefined
      : { id, status: 'holding' as const, cyclesAccrued: 0, uncollected: 0n, ...holding };
  });
}

/** Products on sale now or soon, in the catalogue's order; limited-time ones disappear when their window ends. */
export function productsOnSale(db: Db, now: Date, cycle: Cycle | undefined): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.status, 'on'),
        cycle ? eq(products.cycle, cycle) : undefined,
        sql`(${products.saleEndsAt} is null or ${products.saleEndsAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(products.sort), asc(products.id));
}

/** Units sold of each product, and units the user holds of each (none without a user). */
export async function salesFigures(db: Db, productIds: number[], userId: number | undefined) {
  if (productIds.length === 0) return { sold: new Map<number, number>(), purchased: new Map<number, number>() };
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [sold, purchased] = await Promise.all([
    queryRows<{ product_id: number; sold: number }>(
      db,
      sql`select product_id, sum(sold)::integer as sold from product_sales where product_id in (${ids}) group by product_id`,
    ),
    userId === undefined
      ? Promise.resolve([])
      : queryRows<{ product_id: number; purchased: number }>(
          db,
          sql`select product_id, sum(quantity)::integer as purchased from orders
            where user_id = ${userId} and product_id in (${ids}) group by product_id`,
        ),
  ]);
  return {
    sold: new Map(sold.map((row) => [row.product_id, row.sold])),
    purchased: new Map(purchased.map((row) => [row.product_id, row.purchased])),
  };
}

/** The user's order placed with this Idempotency-Key, with its machine and product. */
export async function orderByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ order: orders, holding: holdings, product: products })
    .from(orders)
    .innerJoin(holdings, eq(holdings.orderId, orders.id))
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** A page of orders, newest first, with their product's names; every user's without a user. */
export function orderPage(db: Db, userId: number | undefined, query: { cursor?: string; limit: number }) {
  return db
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
}

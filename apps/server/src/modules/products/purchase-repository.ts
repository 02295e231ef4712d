import type { UserAccountKind } from '@app/contracts';
import { type Db, preparedRows } from '../../db/client.ts';
import type { holdings, orders, products } from '../../db/schema.ts';
import { type EntryDraft, postingParams, postingSql } from '../../ledger/post.ts';

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
  /** Orders of any product: the version `writePurchase` checks. */
  orders: number;
  /** Units of this product the buyer already has. */
  units: number;
  /** An order with this Idempotency-Key exists. */
  replayed: boolean;
  /** Inviters, nearest first, with their income account when it is open. */
  ancestors: { ancestorId: number; depth: number; income: number | null }[];
  /** The id the order will have (taken from its sequence) when a product was found. */
  orderId: number | null;
}

const READ = `select p.id, p.name, p.description, p.image, p.price, p.cycle, p.income_per_cycle, p.cycles, p.points,
    p.purchase_limit, p.stock, p.stock_sold, p.sale_starts_at, p.sale_ends_at, p.principal_returned, p.status,
    p.sort, p.created_at, p.updated_at,
    (select coalesce(json_agg(json_build_object('id', a.id, 'kind', a.kind, 'balance', a.balance::text)), '[]'::json)
      from ledger_accounts a where a.user_id = $1) as accounts,
    coalesce((select c.orders from purchase_counts c where c.user_id = $1), 0) as orders,
    (select coalesce(sum(o.quantity), 0)::integer from orders o where o.user_id = $1 and o.product_id = $2) as units,
    exists (select 1 from orders o where o.user_id = $1 and o.idempotency_key = $3) as replayed,
    (select coalesce(json_agg(json_build_object('ancestorId', ua.ancestor_id, 'depth', ua.depth, 'income', a.id)
        order by ua.depth), '[]'::json)
      from user_ancestors ua left join ledger_accounts a on a.user_id = ua.ancestor_id and a.kind = 'income'
      where ua.user_id = $1) as ancestors,
    case when p.id is not null then nextval('orders_id_seq') end as order_id
  from (select 1) as one left join products p on p.id = $2`;

type RawState = Omit<RawProduct, 'id'> & {
  id: number | null;
  accounts: { id: number; kind: UserAccountKind; balance: string }[];
  orders: number;
  units: number;
  replayed: boolean;
  ancestors: PurchaseState['ancestors'];
  order_id: Int8 | null;
};

export async function readPurchase(
  db: Db,
  userId: number,
  productId: number,
  idempotencyKey: string | undefined,
): Promise<PurchaseState> {
  const [row] = await preparedRows<RawState>(db, 'purchase_read', READ, [userId, productId, idempotencyKey ?? null]);
  if (!row) throw new Error('the purchase read returned no row');
  return {
    product: row.id === null ? undefined : productFrom({ ...row, id: row.id }),
    accounts: Object.fromEntries(
      row.accounts.map((account) => [account.kind, { id: account.id, balance: BigInt(account.balance) }]),
    ),
    orders: row.orders,
    units: row.units,
    replayed: row.replayed,
    ancestors: row.ancestors,
    orderId: row.order_id === null ? null : Number(row.order_id),
  };
}

export interface PurchaseWrite {
  /** The buyer's order count the purchase was judged on. */
  orders: number;
  /** product_sales row this buyer counts in. */
  salesShard: number;
  order: OrderRow;
  holding: Omit<HoldingRow, 'id' | 'status' | 'cyclesAccrued' | 'uncollected'> & { nextAccrualAt: Date };
  entries: EntryDraft[];
}

const WRITE = `with buyer as (
    insert into purchase_counts as c (user_id, orders) values ($1::integer, 1)
    on conflict (user_id) do update set orders = c.orders + 1 where c.orders = $2::integer
    returning c.user_id
  ), sale as (
    insert into product_sales as s (product_id, shard, sold) select $3::integer, $4::smallint, $5::integer from buyer
    on conflict (product_id, shard) do update set sold = s.sold + excluded.sold
    returning 1
  ), stock as (
    update products set stock_sold = stock_sold + $5::integer from buyer
    where products.id = $3::integer and products.stock is not null
    returning 1
  ), purchase as (
    select 1 from buyer, (select count(*) from sale) as sold, (select count(*) from stock) as stocked
  ), placed as (
    insert into orders (id, order_no, user_id, product_id, quantity, unit_price, amount, wallet, idempotency_key,
      request_hash, created_at)
    select $6::bigint, $7::text, $1::integer, $3::integer, $5::integer, $8::bigint, $9::bigint, $10::text, $11::text,
      $12::text, $13::timestamptz from purchase
  ), held as (
    insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
      principal, principal_returned, started_at, next_accrual_at, ends_at)
    select $6::bigint, $1::integer, $3::integer, $14::text, $15::integer, $16::bigint, $17::integer, $9::bigint,
      $18::boolean, $13::timestamptz, $19::timestamptz, $20::timestamptz from purchase
    returning id
  ), ${postingSql(21, 'purchase')}
  select (select id from held) as holding_id`;

/**
 * The whole purchase in one statement, so it holds its locks for one round trip: the buyer's
 * order count goes up only if it is still the one the purchase was judged on (else nothing is
 * written and the answer is undefined: judge again), then the sales counters, the order, the
 * holding and the ledger entries (`postingSql`, which locks the accounts last). A balance below
 * zero or a sold-out stock fails the statement on the tables' CHECKs.
 */
export async function writePurchase(db: Db, purchase: PurchaseWrite): Promise<HoldingRow | undefined> {
  const { order, holding } = purchase;
  const [row] = await preparedRows<{ holding_id: Int8 | null }>(db, 'purchase_write', WRITE, [
    order.userId,
    purchase.orders,
    order.productId,
    purchase.salesShard,
    order.quantity,
    order.id,
    order.orderNo,
    order.unitPrice.toString(),
    order.amount.toString(),
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
    ...postingParams(purchase.entries),
  ]);
  if (row?.holding_id == null) return undefined;
  return { id: Number(row.holding_id), status: 'holding', cyclesAccrued: 0, uncollected: 0n, ...holding };
}

import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, SUCCESS_CODE } from '@app/contracts';
import Fastify from 'fastify';
import type pg from 'pg';
import { Batcher } from '../apps/server/src/db/batcher.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const HOUSE_SHARDS = 16;
const money = (minor: bigint) => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

interface HouseIds {
  get(kind: string, userId: number): number;
}

export async function houseIds(pool: pg.Pool): Promise<HouseIds> {
  const { rows } = await pool.query('select id, kind, shard from ledger_accounts where user_id is null');
  const map = new Map(rows.map((row) => [`${row.kind}:${row.shard}`, Number(row.id)]));
  return { get: (kind, userId) => map.get(`${kind}:${userId % HOUSE_SHARDS}`) as number };
}

class Refusal extends Error {}

type Line = [account: number, asset: string, amount: bigint];

/** Every statement runs as a named prepared statement, as the app's busy paths do. */
const run = (db: pg.Pool | pg.PoolClient, name: string, text: string, values: unknown[] = []) =>
  db.query({ name, text, values });

/**
 * Each request's state: the product, accounts, order count, whether an order was paid for (not
 * wholly by a coupon), units, replay, inviters and the order's id.
 */
const PURCHASE_READ = `select p.*,
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

/**
 * Purchases in one statement: each buyer's order count checked and raised, then for the purchases
 * that passed: sales counters, orders, holdings, entries and lines, accounts locked in id order,
 * balances, running totals and income days.
 */
const PURCHASE_WRITE = `with purchase_in as (
    select * from unnest($1::integer[], $2::integer[], $3::integer[], $4::smallint[], $5::integer[], $6::bigint[],
      $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::text[], $13::timestamptz[], $14::text[],
      $15::integer[], $16::bigint[], $17::integer[], $18::boolean[], $19::timestamptz[], $20::timestamptz[])
      as p(user_id, orders, product_id, shard, quantity, order_id, order_no, unit_price, amount, wallet,
        idempotency_key, request_hash, created_at, cycle, cycle_seconds, income_per_cycle, cycles_total,
        principal_returned, next_accrual_at, ends_at)
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
    insert into orders (id, order_no, user_id, product_id, quantity, unit_price, amount, wallet, idempotency_key,
      request_hash, created_at)
    select order_id, order_no, user_id, product_id, quantity, unit_price, amount, wallet, idempotency_key,
      request_hash, created_at from bought
  ), held as (
    insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
      principal, principal_returned, started_at, next_accrual_at, ends_at)
    select order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total, amount,
      principal_returned, created_at, next_accrual_at, ends_at from bought
    returning id, order_id
  ), entry as (
    select nextval('journal_entries_id_seq') as id, e.*
    from unnest($21::text[], $22::bigint[], $23::text[], $24::text[], $25::text[], $26::text[], $27::bigint[],
      $28::timestamptz[], $29::bigint[])
      with ordinality as e(type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at, gate, ord)
    where e.gate in (select key from purchase)
  ), line as (
    select e.id as entry_id, e.type, e.at, l.*
    from unnest($30::bigint[], $31::bigint[], $32::text[], $33::bigint[]) as l(ord, account_id, asset, amount)
    join entry e on e.ord = l.ord
  ), entries as (
    insert into journal_entries (id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, created_at)
    select id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at from entry
  ), locked as (
    select count(*) from (select a.id from ledger_accounts a where a.id = any (array(select account_id from line))
      order by a.id for no key update of a) x
  ), moved as (
    update ledger_accounts a set balance = a.balance + d.delta
    from (select account_id, sum(amount)::bigint as delta from line group by account_id) d, locked
    where a.id = d.account_id and a.id = any (array(select account_id from line))
    returning a.id, a.user_id, a.kind, a.balance
  ), numbered as (
    select nextval('journal_lines_id_seq') as id, l.*
    from (select entry_id, at, account_id, asset, amount from line order by entry_id, account_id, amount) l
  ), lines as (
    insert into journal_lines (id, entry_id, account_id, asset, amount, balance_after, created_at)
    select n.id, n.entry_id, n.account_id, n.asset, n.amount,
      m.balance - coalesce(sum(n.amount) over (partition by n.account_id order by n.id desc
        rows between unbounded preceding and 1 preceding), 0),
      n.at
    from numbered n join moved m on m.id = n.account_id
  ), earned as (
    insert into income_days (user_id, day, entry_type, amount)
    select m.user_id, (l.at at time zone coalesce((select value->>'value' from settings where key = 'timezone'),
      'Africa/Lagos'))::date, l.type, sum(l.amount)::bigint
    from line l join moved m on m.id = l.account_id
    where m.user_id is not null and m.kind in ('uncollected', 'income')
      and l.type in ('product_profit', 'distribution_profit', 'other_profit', 'new_invite_bonus', 'repurchase_bonus')
    group by 1, 2, 3
    on conflict (user_id, day, entry_type) do update set amount = income_days.amount + excluded.amount
  ), tallied as (
    insert into ledger_tallies (user_id, account_kind, entry_type, amount)
    select m.user_id, m.kind, l.type, sum(l.amount)::bigint
    from line l join moved m on m.id = l.account_id where m.user_id is not null
    group by 1, 2, 3
    on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
  )
  select order_id, id as holding_id from held`;

const SESSION_CACHE_MS = 5000;
const sessionCache = new Map<string, { userId: number; expiresAt: number; readAt: number }>();

/**
 * The session lookup the app does (sessions join users by token hash), hand-written, with the
 * app's short memory of valid sessions (SESSION_CACHE_MS).
 */
export async function authenticate(pool: pg.Pool | pg.PoolClient, token: string | undefined): Promise<number> {
  if (!token) throw new Refusal('no token');
  const hash = sha256(token);
  const cached = sessionCache.get(hash);
  if (cached && Date.now() - cached.readAt < SESSION_CACHE_MS && cached.expiresAt > Date.now()) return cached.userId;
  const { rows } = await run(
    pool,
    'b_session',
    `select s.id, s.user_id, s.revoked_at, s.expires_at, s.last_seen_at, u.status
     from sessions s join users u on u.id = s.user_id where s.token_hash = $1 limit 1`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked_at || row.status === 'frozen' || row.expires_at <= new Date()) throw new Refusal('session');
  sessionCache.set(hash, { userId: row.user_id, expiresAt: row.expires_at.getTime(), readAt: Date.now() });
  return row.user_id as number;
}

/**
 * The bare baseline: a Fastify app with no plugins, no schemas and no logger, whose routes run the
 * same SQL as the app's, hand-written on the same `pg` pool.
 */
export async function buildBaseline(pool: pg.Pool) {
  const house = await houseIds(pool);
  const app = Fastify({ logger: false });
  const fail = (msg: string) => `{"code":200000,"msg":${JSON.stringify(msg)},"data":null}`;

  // The same two statements as ProductService.purchase (readPurchases, writePurchases with the
  // ledger's posting CTEs), batched the same way (the app's Batcher: group commit, one purchase per
  // buyer in a write), for users without inviters: the session (remembered), the Idempotency-Key
  // the app requires (read with the buyer's state, stored with the order; the bench never repeats
  // one, so no replay), the buyer's state, then the purchase, written if the buyer's order count is
  // still the one read, else read again.
  const batches = { concurrency: 1, maxBatch: 100 };
  const reads = new Batcher(
    async (requests: { userId: number; productId: number; idempotencyKey: string }[]) =>
      (
        await run(pool, 'b_purchase_read', PURCHASE_READ, [
          requests.map((request) => request.userId),
          requests.map((request) => request.productId),
          requests.map((request) => request.idempotencyKey),
        ])
      ).rows,
    batches,
  );
  const writes = new Batcher(
    async (purchases: { row: unknown[]; entries: [type: string, lines: Line[]][] }[]) => {
      const entries = purchases.flatMap(({ row, entries }) =>
        entries.map(([type, lines]) => ({ type, lines, userId: row[0], orderId: row[5], at: row[12] })),
      );
      const lines = entries.flatMap((entry, index) =>
        entry.lines.map(([account, asset, amount]) => [index + 1, account, asset, amount.toString()]),
      );
      const { rows } = await run(pool, 'b_purchase_write', PURCHASE_WRITE, [
        ...(purchases[0]?.row ?? []).map((_, column) => purchases.map(({ row }) => row[column])),
        entries.map((entry) => entry.type),
        entries.map((entry) => entry.userId),
        entries.map(() => 'order'),
        entries.map((entry) => String(entry.orderId)),
        entries.map(() => null),
        entries.map(() => ''),
        entries.map(() => null),
        entries.map((entry) => entry.at),
        entries.map((entry) => entry.userId),
        ...[0, 1, 2, 3].map((column) => lines.map((line) => line[column])),
      ]);
      const held = new Map(rows.map((row) => [Number(row.order_id), Number(row.holding_id)]));
      return purchases.map(({ row }) => held.get(row[5] as number));
    },
    { ...batches, keyOf: (purchase) => purchase.row[0] },
  );

  app.post('/api/v1/orders', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return fail('session');
    }
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      return fail('idempotency key');
    }
    const input = req.body as { productId: number; quantity?: number };
    const quantity = input.quantity ?? 1;
    const requestHash = sha256(JSON.stringify([input.productId, quantity, 'deposit']));
    for (;;) {
      const state = await reads.submit({ userId, productId: input.productId, idempotencyKey });
      if (state.status !== 'on') return fail('product');
      const accounts = new Map<string, { id: number; balance: string }>(
        state.accounts.map((account: { kind: string; id: number; balance: string }) => [account.kind, account]),
      );
      const wallet = accounts.get('deposit') as { id: number; balance: string };
      const price = BigInt(state.price);
      const amount = price * BigInt(quantity);
      if (BigInt(wallet.balance) < amount) return fail('balance');
      const now = new Date();
      const at = now.toISOString();
      const orderId = Number(state.order_id);
      const orderNo = `P${at.slice(0, 10).replaceAll('-', '')}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${orderId}`;
      const entries: [type: string, lines: Line[]][] = [
        [
          'purchase',
          [
            [wallet.id, 'CASH', -amount],
            [house.get('sales', userId), 'CASH', amount],
          ],
        ],
      ];
      const points = BigInt(state.points * quantity);
      if (points > 0n) {
        entries.push([
          'points_earned',
          [
            [accounts.get('points')?.id as number, 'POINTS', points],
            [house.get('points_issued', userId), 'POINTS', -points],
          ],
        ]);
      }
      if (state.paid_before) {
        const bonus = (amount * 1n) / 100n; // repurchase_bonus_rate 0.01
        entries.push([
          'repurchase_bonus',
          [
            [accounts.get('income')?.id as number, 'CASH', bonus],
            [house.get('payouts', userId), 'CASH', -bonus],
          ],
        ]);
      }
      const incomePerCycle = BigInt(state.income_per_cycle) * BigInt(quantity);
      const endsAt = new Date(now.getTime() + 3600_000 * state.cycles);
      const holdingId = await writes.submit({
        row: [
          userId,
          state.orders,
          state.id,
          userId % 8,
          quantity,
          orderId,
          orderNo,
          price.toString(),
          amount.toString(),
          'deposit',
          idempotencyKey,
          requestHash,
          at,
          state.cycle,
          3600,
          incomePerCycle.toString(),
          state.cycles,
          state.principal_returned,
          new Date(now.getTime() + 3600_000).toISOString(),
          endsAt.toISOString(),
        ],
        entries,
      });
      if (holdingId === undefined) continue;
      const name = state.name.en as string;
      return JSON.stringify({
        code: SUCCESS_CODE,
        msg: 'success',
        data: {
          order: {
            id: orderId,
            orderNo,
            productId: state.id,
            productName: name,
            quantity,
            amount: money(amount),
            wallet: 'deposit',
            createdAt: at,
          },
          holding: {
            id: Number(holdingId),
            productId: state.id,
            productName: name,
            image: state.image,
            status: 'holding',
            cycle: state.cycle,
            incomePerCycle: money(incomePerCycle),
            cyclesTotal: state.cycles,
            cyclesAccrued: 0,
            uncollected: '0.00',
            earned: '0.00',
            startedAt: at,
            nextIncomeAt: new Date(now.getTime() + 3600_000).toISOString(),
            expiresAt: endsAt.toISOString(),
          },
        },
      });
    }
  });

  // The bare one-SELECT route: the token lookup is folded into the one SELECT (join on
  // sessions by token hash), so it authenticates like the app route but in one round trip.
  app.get('/api/v1/bill', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    const token = req.headers.authorization;
    const { rows } = await pool.query({
      name: 'bare_bill',
      text: `select a.balance from sessions s join ledger_accounts a on a.user_id = s.user_id and a.kind = 'deposit'
       where s.token_hash = $1 and s.revoked_at is null`,
      values: [sha256(token ?? '')],
    });
    if (!rows[0]) return fail('session');
    return JSON.stringify({
      code: SUCCESS_CODE,
      msg: 'success',
      data: { rechargeBalance: money(BigInt(rows[0].balance)) },
    });
  });
  return app;
}

import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import type pg from 'pg';

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

/** Every statement runs as a named prepared statement, as the app's busy paths do. */
const run = (db: pg.Pool | pg.PoolClient, name: string, text: string, values: unknown[] = []) =>
  db.query({ name, text, values });

/** The buyer's state: the product, accounts, order count, units, replay, inviters and the order's id. */
const PURCHASE_READ = `select p.*,
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

/**
 * The purchase in one statement: order count checked and raised, sales counters, order, holding,
 * entries and lines, accounts locked in id order, balances, running totals and income days.
 */
const PURCHASE_WRITE = `with buyer as (
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
  ), entry as (
    select nextval('journal_entries_id_seq') as id, e.*
    from unnest($21::text[], $22::bigint[], $23::text[], $24::text[], $25::text[], $26::text[], $27::bigint[],
      $28::timestamptz[]) with ordinality as e(type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at, ord)
    where exists (select 1 from purchase)
  ), line as (
    select e.id as entry_id, e.type, e.at, l.*
    from unnest($29::bigint[], $30::bigint[], $31::text[], $32::bigint[]) as l(ord, account_id, asset, amount)
    join entry e on e.ord = l.ord
  ), entries as (
    insert into journal_entries (id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, created_at)
    select id, type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, at from entry
  ), lines as (
    insert into journal_lines (entry_id, account_id, asset, amount, created_at)
    select entry_id, account_id, asset, amount, at from line
  ), locked as (
    select count(*) from (select a.id from ledger_accounts a where a.id in (select account_id from line)
      order by a.id for no key update of a) x
  ), moved as (
    update ledger_accounts a set balance = a.balance + d.delta
    from (select account_id, sum(amount)::bigint as delta from line group by account_id) d, locked
    where a.id = d.account_id
    returning a.id, a.user_id, a.kind
  ), earned as (
    insert into income_days (user_id, day, amount)
    select m.user_id, (l.at at time zone coalesce((select value->>'value' from settings where key = 'timezone'),
      'Africa/Lagos'))::date, sum(l.amount)::bigint
    from line l join moved m on m.id = l.account_id
    where m.user_id is not null and m.kind in ('uncollected', 'income')
      and l.type in ('product_profit', 'distribution_profit', 'other_profit', 'new_invite_bonus', 'repurchase_bonus')
    group by 1, 2
    on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
  ), tallied as (
    insert into ledger_tallies (user_id, account_kind, entry_type, amount)
    select m.user_id, m.kind, l.type, sum(l.amount)::bigint
    from line l join moved m on m.id = l.account_id where m.user_id is not null
    group by 1, 2, 3
    on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
  )
  select (select id from held) as holding_id`;

const SESSION_CACHE_MS = 5000;
const sessionCache = new Map<string, { userId: number; expiresAt: number; readAt: number }>();

/**
 * The session lookup the app does (sessions join users by token hash), hand-written, with the
 * app's short memory of valid sessions (SESSION_CACHE_MS).
 */
async function authenticate(pool: pg.Pool | pg.PoolClient, token: string | undefined): Promise<number> {
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

  // The same two statements as ProductService.purchase (readPurchase, writePurchase with the
  // ledger's posting CTEs) for a user without inviters and no Idempotency-Key: the session
  // (remembered), the buyer's state, then the purchase written if the buyer's order count is
  // still the one read, else read again.
  app.post('/api/v1/orders', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return fail('session');
    }
    const input = req.body as { productId: number; quantity?: number };
    const quantity = input.quantity ?? 1;
    const requestHash = sha256(JSON.stringify([input.productId, quantity, 'deposit']));
    for (;;) {
      const state = (await run(pool, 'b_purchase_read', PURCHASE_READ, [userId, input.productId, null])).rows[0];
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
      const orderNo = `P${at.slice(0, 10).replaceAll('-', '')}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
      const entries: [type: string, lines: [account: number, asset: string, amount: bigint][]][] = [
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
      if (state.orders > 0) {
        const bonus = (amount * 1n) / 100n; // repurchase_bonus_rate 0.01
        entries.push([
          'repurchase_bonus',
          [
            [accounts.get('income')?.id as number, 'CASH', bonus],
            [house.get('payouts', userId), 'CASH', -bonus],
          ],
        ]);
      }
      const lines = entries.flatMap(([, entryLines], index) =>
        entryLines.map(([account, asset, lineAmount]) => [index + 1, account, asset, lineAmount.toString()]),
      );
      const incomePerCycle = BigInt(state.income_per_cycle) * BigInt(quantity);
      const endsAt = new Date(now.getTime() + 3600_000 * state.cycles);
      const { rows } = await run(pool, 'b_purchase_write', PURCHASE_WRITE, [
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
        null,
        requestHash,
        at,
        state.cycle,
        3600,
        incomePerCycle.toString(),
        state.cycles,
        state.principal_returned,
        new Date(now.getTime() + 3600_000).toISOString(),
        endsAt.toISOString(),
        entries.map(([type]) => type),
        entries.map(() => userId),
        entries.map(() => 'order'),
        entries.map(() => String(orderId)),
        entries.map(() => null),
        entries.map(() => ''),
        entries.map(() => null),
        entries.map(() => at),
        lines.map((line) => line[0]),
        lines.map((line) => line[1]),
        lines.map((line) => line[2]),
        lines.map((line) => line[3]),
      ]);
      const holdingId = rows[0]?.holding_id;
      if (holdingId == null) continue;
      const name = state.name.en as string;
      return JSON.stringify({
        code: 100000,
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
    return JSON.stringify({ code: 100000, msg: 'success', data: { rechargeBalance: money(BigInt(rows[0].balance)) } });
  });
  return app;
}

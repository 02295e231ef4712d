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

  // Same statements, in the same order, as ProductService.purchase (+ postEntries) for a user
  // without ancestors and no Idempotency-Key: the session (remembered), then one transaction:
  // lock the buyer's accounts, history and inviters, product, sales shard, order, holding,
  // entries, lines, lock the moved accounts, move balances and running totals.
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
    const client = await pool.connect();
    try {
      await client.query('begin');
      const now = new Date();
      const accounts = new Map<string, { id: number; balance: bigint }>(
        (
          await run(
            client,
            'b_lock_accounts',
            'select id, kind, balance from ledger_accounts where user_id = $1 order by id for no key update',
            [userId],
          )
        ).rows.map((row) => [row.kind, { id: Number(row.id), balance: BigInt(row.balance) }]),
      );
      const wallet = accounts.get('deposit') as { id: number; balance: bigint };
      const previous = (
        await run(
          client,
          'b_history',
          `select coalesce(sum(quantity) filter (where product_id = $2), 0)::integer as units,
             count(*)::integer as orders, coalesce(bool_or(idempotency_key = $3), false) as replayed,
             (select coalesce(json_agg(json_build_object('ancestorId', ua.ancestor_id, 'depth', ua.depth, 'income', a.id)
                 order by ua.depth), '[]'::json)
               from user_ancestors ua
               left join ledger_accounts a on a.user_id = ua.ancestor_id and a.kind = 'income'
               where ua.user_id = $1) as ancestors
           from orders where user_id = $1`,
          [userId, input.productId, null],
        )
      ).rows[0];
      const product = (await run(client, 'b_product', 'select * from products where id = $1', [input.productId]))
        .rows[0];
      if (product?.status !== 'on') throw new Refusal('product');
      const price = BigInt(product.price);
      const amount = price * BigInt(quantity);
      if (wallet.balance < amount) throw new Refusal('balance');
      await run(
        client,
        'b_count_sale',
        `insert into product_sales (product_id, shard, sold) values ($1, $2, $3)
         on conflict (product_id, shard) do update set sold = product_sales.sold + $3`,
        [product.id, userId % 8, quantity],
      );
      const orderNo = `P${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
      const order = (
        await run(
          client,
          'b_order',
          `insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet, idempotency_key,
             request_hash, created_at) values ($1, $2, $3, $4, $5, $6, 'deposit', null, $7, $8) returning *`,
          [orderNo, userId, product.id, quantity, price.toString(), amount.toString(), requestHash, now],
        )
      ).rows[0];
      const cycleSeconds = 3600;
      const holding = (
        await run(
          client,
          'b_holding',
          `insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
             principal, principal_returned, started_at, next_accrual_at, ends_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
          [
            order.id,
            userId,
            product.id,
            product.cycle,
            cycleSeconds,
            (BigInt(product.income_per_cycle) * BigInt(quantity)).toString(),
            product.cycles,
            amount.toString(),
            product.principal_returned,
            now,
            new Date(now.getTime() + cycleSeconds * 1000),
            new Date(now.getTime() + cycleSeconds * product.cycles * 1000),
          ],
        )
      ).rows[0];
      const drafts: { type: string; lines: [number, string, bigint][] }[] = [
        {
          type: 'purchase',
          lines: [
            [wallet.id, 'CASH', -amount],
            [house.get('sales', userId), 'CASH', amount],
          ],
        },
      ];
      const points = BigInt(product.points * quantity);
      if (points > 0n) {
        drafts.push({
          type: 'points_earned',
          lines: [
            [accounts.get('points')?.id as number, 'POINTS', points],
            [house.get('points_issued', userId), 'POINTS', -points],
          ],
        });
      }
      if (previous.orders > 0) {
        const bonus = (amount * 1n) / 100n; // repurchase_bonus_rate 0.01
        drafts.push({
          type: 'repurchase_bonus',
          lines: [
            [accounts.get('income')?.id as number, 'CASH', bonus],
            [house.get('payouts', userId), 'CASH', -bonus],
          ],
        });
      }
      const entryValues: unknown[] = [];
      const entryPlaceholders = drafts.map((draft, i) => {
        entryValues.push(draft.type, userId, String(order.id), now);
        return `($${4 * i + 1}, $${4 * i + 2}, 'order', $${4 * i + 3}, null, '', null, $${4 * i + 4})`;
      });
      const entries = (
        await run(
          client,
          `b_entries_${drafts.length}`,
          `insert into journal_entries (type, user_id, ref_type, ref_id, idempotency_key, memo, admin_id, created_at)
           values ${entryPlaceholders.join(', ')} returning id, type`,
          entryValues,
        )
      ).rows;
      const entryIds = new Map(entries.map((row) => [row.type as string, Number(row.id)]));
      const lineValues: unknown[] = [];
      const linePlaceholders: string[] = [];
      const deltas = new Map<number, bigint>();
      const tallies = new Map<string, [number, string, bigint]>();
      const income: [number, bigint][] = [];
      for (const draft of drafts) {
        for (const [accountId, asset, lineAmount] of draft.lines) {
          const n = lineValues.length;
          linePlaceholders.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})`);
          lineValues.push(entryIds.get(draft.type), accountId, asset, lineAmount.toString(), now);
          deltas.set(accountId, (deltas.get(accountId) ?? 0n) + lineAmount);
          const tally = tallies.get(`${accountId}:${draft.type}`) ?? [accountId, draft.type, 0n];
          tally[2] += lineAmount;
          tallies.set(`${accountId}:${draft.type}`, tally);
          if (draft.type === 'repurchase_bonus') income.push([accountId, lineAmount]);
        }
      }
      await run(
        client,
        `b_lines_${linePlaceholders.length}`,
        `insert into journal_lines (entry_id, account_id, asset, amount, created_at) values ${linePlaceholders.join(', ')}`,
        lineValues,
      );
      const ids = [...deltas.keys()];
      await run(
        client,
        'b_lock',
        'select 1 from ledger_accounts where id = any($1::bigint[]) order by id for no key update',
        [ids],
      );
      // The app's one statement: balances, the user accounts' running totals, the income per day.
      await run(
        client,
        'b_move',
        `with moved as (
           update ledger_accounts a set balance = a.balance + v.delta
           from unnest($1::bigint[], $2::bigint[]) as v(id, delta) where a.id = v.id
           returning a.id, a.user_id, a.kind
         ), earned as (
           insert into income_days (user_id, day, amount)
           select m.user_id, ($8::timestamptz at time zone coalesce(
             (select value->>'value' from settings where key = 'timezone'), 'Africa/Lagos'))::date, sum(i.amount)
           from unnest($6::bigint[], $7::bigint[]) as i(id, amount) join moved m on m.id = i.id
           where m.user_id is not null and m.kind in ('uncollected', 'income')
           group by 1, 2
           on conflict (user_id, day) do update set amount = income_days.amount + excluded.amount
         )
         insert into ledger_tallies (user_id, account_kind, entry_type, amount)
         select m.user_id, m.kind, t.type, t.amount from unnest($3::bigint[], $4::text[], $5::bigint[]) as t(id, type, amount)
         join moved m on m.id = t.id where m.user_id is not null
         on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount`,
        [
          ids,
          [...deltas.values()].map(String),
          [...tallies.values()].map((t) => t[0]),
          [...tallies.values()].map((t) => t[1]),
          [...tallies.values()].map((t) => t[2].toString()),
          income.map((i) => i[0]),
          income.map((i) => i[1].toString()),
          now,
        ],
      );
      await client.query('commit');
      const name = product.name.en as string;
      return JSON.stringify({
        code: 100000,
        msg: 'success',
        data: {
          order: {
            id: Number(order.id),
            orderNo: order.order_no,
            productId: product.id,
            productName: name,
            quantity,
            amount: money(amount),
            wallet: 'deposit',
            createdAt: order.created_at.toISOString(),
          },
          holding: {
            id: Number(holding.id),
            productId: product.id,
            productName: name,
            image: product.image,
            status: holding.status,
            cycle: holding.cycle,
            incomePerCycle: money(BigInt(holding.income_per_cycle)),
            cyclesTotal: holding.cycles_total,
            cyclesAccrued: holding.cycles_accrued,
            uncollected: money(BigInt(holding.uncollected)),
            earned: '0.00',
            startedAt: holding.started_at.toISOString(),
            nextIncomeAt: holding.next_accrual_at?.toISOString() ?? null,
            expiresAt: holding.ends_at.toISOString(),
          },
        },
      });
    } catch (error) {
      await client.query('rollback');
      if (error instanceof Refusal) return fail(error.message);
      throw error;
    } finally {
      client.release();
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

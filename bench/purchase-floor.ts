/**
 * Diagnostic: the most purchases per second this machine gives when a purchase is a single SQL
 * statement on a remembered session — one round trip, no history, limits, points or commissions:
 * less work than the app's purchase. `tsx bench/purchase-floor.ts`.
 */
import type { AddressInfo } from 'node:net';
import { ERRORS, SUCCESS_CODE } from '@app/contracts';
import Fastify from 'fastify';
import { houseIds } from './baseline.ts';
import { withProfiledApp } from './fixture.ts';
import { runLoad } from './load.ts';

const PURCHASE = `
  with p as (
    select id, price, cycle, income_per_cycle, cycles from products where id = $2 and status = 'on'
  ), w as (
    update ledger_accounts a set balance = a.balance - p.price from p
    where a.user_id = $1 and a.kind = 'deposit' and a.balance >= p.price returning a.id, p.price, a.balance
  ), sale as (
    insert into product_sales (product_id, shard, sold) select p.id, $1 % 8, 1 from p, w
    on conflict (product_id, shard) do update set sold = product_sales.sold + 1
  ), o as (
    insert into orders (order_no, user_id, product_id, quantity, unit_price, amount, wallet, request_hash, created_at)
    select $4, $1, p.id, 1, p.price, p.price, 'deposit', '', now() from p, w returning id
  ), h as (
    insert into holdings (order_id, user_id, product_id, cycle, cycle_seconds, income_per_cycle, cycles_total,
      principal, principal_returned, started_at, next_accrual_at, ends_at)
    select o.id, $1, p.id, p.cycle, 3600, p.income_per_cycle, p.cycles, p.price, false, now(),
      now() + interval '1 hour', now() + p.cycles * interval '1 hour' from o, p returning id
  ), e as (
    insert into journal_entries (type, user_id, ref_type, ref_id, memo, created_at)
    select 'purchase', $1, 'order', o.id::text, '', now() from o returning id
  ), house as (
    update ledger_accounts set balance = balance + w.price from w where ledger_accounts.id = $3 returning balance
  ), l as (
    insert into journal_lines (entry_id, account_id, asset, amount, balance_after, created_at)
    select e.id, w.id, 'CASH', -w.price, w.balance, now() from e, w
    union all select e.id, $3, 'CASH', w.price, house.balance, now() from e, w, house
  ), t as (
    insert into ledger_tallies (user_id, account_kind, entry_type, amount) select $1, 'deposit', 'purchase', -w.price from w
    on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount
  )
  select o.id as order_id, h.id as holding_id from o, h`;

await withProfiledApp(async ({ pool, firstUser, tokens, productId }) => {
  const house = await houseIds(pool);
  const userOf = new Map(tokens.map((token, i) => [token, firstUser + i]));
  const app = Fastify({ logger: false });
  const SIGNED_OUT = JSON.stringify({ code: ERRORS.SESSION_UNKNOWN.code });
  app.post('/api/v1/orders', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    const userId = userOf.get(req.headers.authorization ?? '');
    if (userId === undefined) return SIGNED_OUT;
    const orderNo = `F${Date.now()}${Math.floor(Math.random() * 1e9)}`;
    const { rows } = await pool.query({
      name: 'floor_purchase',
      text: PURCHASE,
      values: [userId, productId, house.get('sales', userId), orderNo],
    });
    return JSON.stringify({ code: rows[0] ? SUCCESS_CODE : ERRORS.INSUFFICIENT_BALANCE.code, data: rows[0] ?? null });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const job = {
    url,
    method: 'POST' as const,
    path: '/api/v1/orders',
    body: JSON.stringify({ productId, quantity: 1 }),
    tokens,
    connections: 64,
    okPrefix: `{"code":${SUCCESS_CODE}`,
  };
  await runLoad({ ...job, duration: 2 });
  for (let run = 1; run <= 3; run++) {
    const result = await runLoad({ ...job, duration: 8 });
    console.log(
      `single-statement purchase, run ${run}: ${Math.round(result.rps)}/s, p50 ${result.p50} ms, bad ${result.bad}/${result.checked}`,
    );
  }
  await app.close();
});

import { randomInt } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN, SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { App } from '../apps/server/src/app.ts';
import { Batcher } from '../apps/server/src/db/batcher.ts';
import { columnsOf } from '../apps/server/src/db/client.ts';
import { type EntryDraft, postingParams, postingSql } from '../apps/server/src/ledger/post.ts';
import { platformDay } from '../apps/server/src/ledger/tallies.ts';
import { SYSTEM_ACTOR } from '../apps/server/src/modules/audit/service.ts';
import { authenticate, houseIds } from './baseline.ts';
import { linesWithBalances } from './seed.ts';

const HOUSE_SHARDS = 16; // apps/server/src/ledger/accounts.ts
/** Units of the limited prize: fewer than its weight wins over the runs, so it sells out under load. */
export const DRAW_JACKPOT_STOCK = 300;

/**
 * Gives every user points through real ledger entries (`points_earned` from the `points_issued`
 * house shard, balances and running totals), set-based, as `fundUsers` funds deposit wallets.
 */
export async function givePoints(pool: pg.Pool, first: number, count: number, points: bigint): Promise<void> {
  const client = await pool.connect();
  const range = [first, first + count - 1, points.toString()];
  try {
    await client.query('begin');
    await client.query(
      `with e as (
         insert into journal_entries (type, user_id, ref_type, memo, created_at)
         select 'points_earned', u, 'bench', 'bench points', now() from generate_series($1::int, $2::int) u
         returning id, user_id)
       ${linesWithBalances(`select e.id as entry_id, a.id as account_id, 'POINTS' as asset, $3::bigint as amount
         from e join ledger_accounts a on a.user_id = e.user_id and a.kind = 'points'
         union all
         select e.id, h.id, 'POINTS', -$3::bigint from e join ledger_accounts h
           on h.user_id is null and h.kind = 'points_issued' and h.shard = e.user_id % ${HOUSE_SHARDS}`)}`,
      range,
    );
    await client.query(
      `update ledger_accounts set balance = balance + $3::bigint where user_id between $1 and $2 and kind = 'points'`,
      range,
    );
    await client.query(
      `insert into ledger_tallies (user_id, account_kind, entry_type, amount)
       select u, 'points', 'points_earned', $3::bigint from generate_series($1::int, $2::int) u
       on conflict (user_id, account_kind, entry_type) do update set amount = ledger_tallies.amount + excluded.amount`,
      range,
    );
    await client.query(
      `update ledger_accounts h set balance = h.balance - s.total
       from (select u % ${HOUSE_SHARDS} as shard, count(*) * $3::bigint as total
             from generate_series($1::int, $2::int) u group by 1) s
       where h.user_id is null and h.kind = 'points_issued' and h.shard = s.shard`,
      range,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * One running campaign, created the way an operator does: a limited cash jackpot, unlimited points
 * and a "try again"; one point a draw and a daily limit no bench run reaches.
 */
export async function seedDrawCampaign(app: App): Promise<{ campaignId: number; jackpotId: number }> {
  const now = app.clock.now().getTime();
  const { id } = await app.services.draws.createCampaign(
    {
      kind: 'turntable',
      name: { en: 'Bench turntable' },
      pointsPerDraw: 1,
      dailyLimit: 10_000,
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      status: 'on',
      prizes: [
        {
          name: { en: 'Jackpot' },
          kind: 'cash',
          amount: '10',
          weight: 1,
          stock: DRAW_JACKPOT_STOCK,
          image: '',
          minSpend: '0',
          validDays: 30,
        },
        ...(['points', 'nothing'] as const).map((kind) => ({
          name: { en: kind },
          kind,
          amount: kind === 'points' ? '2' : '0',
          weight: kind === 'points' ? 30 : 69,
          stock: null,
          image: '',
          minSpend: '0',
          validDays: 30,
        })),
      ],
    },
    SYSTEM_ACTOR,
  );
  const [campaign] = (await app.services.draws.adminCampaigns()).filter((c) => c.id === id);
  return { campaignId: id, jackpotId: campaign?.prizes[0]?.id as number };
}

/** What is left of the jackpot and how often it was won: sold = won and left >= 0, or it oversold. */
export async function jackpotCount(pool: pg.Pool, jackpotId: number) {
  const { rows } = await pool.query(
    `select (select stock from draw_prizes where id = $1) as left,
       (select count(*)::integer from draw_records where prize_id = $1) as won`,
    [jackpotId],
  );
  const row = rows[0] as { left: number; won: number };
  return { ...row, oversold: Math.max(0, row.won - DRAW_JACKPOT_STOCK, DRAW_JACKPOT_STOCK - row.left - row.won) };
}

/** The statements of a batch of draws (apps/server/src/modules/draws/repository.ts), hand-written. */
const BARE_LOCK = `select a.id, a.user_id, a.balance::text as balance,
    (select i.id from ledger_accounts i where i.user_id = a.user_id and i.kind = 'income') as income
  from ledger_accounts a where a.user_id = any($1::integer[]) and a.kind = 'points'
  order by a.id for no key update of a`;

const BARE_STATES = `select d.day::text as day,
    (select row_to_json(c) from draw_campaigns c where c.id = r.campaign_id) as campaign,
    (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'kind', p.kind, 'amount', p.amount::text,
        'weight', p.weight, 'stock', p.stock, 'minSpend', p.min_spend::text, 'validDays', p.valid_days)
        order by p.position), '[]')
      from draw_prizes p where p.campaign_id = r.campaign_id and p.active) as prizes,
    t.drawn, t.won,
    (select row_to_json(x) from draw_records x where x.idempotency_key = r.key) as previous,
    coalesce((select l.extra_draws from users u join vip_levels l on l.level = u.level where u.id = r.user_id), 0)
      as vip_extra,
    nextval('draw_records_id_seq') as record_id
  from unnest($1::integer[], $2::integer[], $3::text[]) with ordinality as r(user_id, campaign_id, key, ord)
  cross join (select ${platformDay('$4::timestamptz')} as day) d
  cross join lateral (
    select count(*)::integer as drawn,
      coalesce(sum(x.amount) filter (where x.prize_kind = 'draws'), 0)::integer as won
    from draw_records x where x.user_id = r.user_id and x.campaign_id = r.campaign_id and x.day = d.day
  ) t
  order by r.ord`;

const BARE_WRITE = `with ${postingSql(1)}, draw_record as (
    insert into draw_records (id, user_id, campaign_id, prize_id, day, prize_name, prize_kind, amount, points_spent,
      points_after, draws_left, status, idempotency_key, created_at) overriding system value
    select * from unnest($15::bigint[], $16::integer[], $17::integer[], $18::integer[], $19::date[], $20::jsonb[],
      $21::text[], $22::bigint[], $23::integer[], $24::bigint[], $25::integer[], $26::text[], $27::text[],
      $28::timestamptz[])
    returning id
  )
  select count(*)::integer as written from draw_record`;

interface BarePrize {
  id: number;
  name: Record<string, string>;
  kind: string;
  amount: string;
  weight: number;
  stock: number | null;
}

interface BareAsk {
  userId: number;
  campaignId: number;
  key: string;
}

type BareOutcome = { refused: true } | { recordId: number; prize: BarePrize; points: bigint; left: number };

/** The weighted pick, as `pickPrize`: a ticket by `crypto.randomInt` over the drawable prizes' weights. */
function barePick(prizes: BarePrize[]): BarePrize | undefined {
  const candidates = prizes.filter((p) => p.weight > 0 && (p.stock === null || p.stock > 0));
  const total = candidates.reduce((sum, p) => sum + p.weight, 0);
  if (total === 0) return undefined;
  let ticket = randomInt(total);
  for (const candidate of candidates) {
    if (ticket < candidate.weight) return candidate;
    ticket -= candidate.weight;
  }
  return undefined;
}

/**
 * The bare baseline of `POST /draws/:id/draw`: the same statements as DrawService.draw, hand-written
 * on the same pool and batched the same way (the app's Batcher: one draw per user in a batch, four
 * batches at once): the session (remembered), then per batch in one transaction the points
 * accounts locked, the draws' state (with the VIP level's extra draws), the stock of a limited prize picked,
 * and the records with their entries; for cash, points and "nothing" prizes.
 */
export async function registerDrawBaseline(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  const house = await houseIds(pool);
  const fail = (msg: string) => `{"code":200000,"msg":${JSON.stringify(msg)},"data":null}`;

  async function batch(asks: BareAsk[]): Promise<BareOutcome[]> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: locked } = await client.query({
        name: 'b_draw_lock',
        text: BARE_LOCK,
        values: [asks.map((ask) => ask.userId)],
      });
      const accounts = new Map(locked.map((row) => [row.user_id as number, row]));
      const now = new Date();
      const { rows: states } = await client.query({
        name: 'b_draw_states',
        text: BARE_STATES,
        values: [asks.map((a) => a.userId), asks.map((a) => a.campaignId), asks.map((a) => a.key), now.toISOString()],
      });
      const outcomes: BareOutcome[] = [];
      const entries: EntryDraft[] = [];
      const records: unknown[][] = [];
      for (const [index, ask] of asks.entries()) {
        const state = states[index];
        const account = accounts.get(ask.userId);
        const campaign = state.campaign;
        const balance = BigInt(account.balance);
        const left = campaign ? campaign.daily_limit + state.vip_extra + state.won - state.drawn : 0;
        const running =
          campaign?.status === 'on' &&
          Date.parse(campaign.starts_at) <= now.getTime() &&
          now.getTime() < Date.parse(campaign.ends_at);
        if (state.previous || !running || left <= 0 || balance < BigInt(campaign.points_per_draw)) {
          outcomes.push({ refused: true });
          continue;
        }
        let candidates = state.prizes as BarePrize[];
        let prize = barePick(candidates);
        while (prize && prize.stock !== null) {
          const taken = await client.query({
            name: 'b_draw_stock',
            text: 'update draw_prizes set stock = stock - 1 where id = $1 and stock > 0 returning id',
            values: [prize.id],
          });
          if (taken.rows.length) break;
          const gone = prize.id;
          candidates = candidates.filter((p) => p.id !== gone);
          prize = barePick(candidates);
        }
        if (!prize) {
          outcomes.push({ refused: true });
          continue;
        }
        const recordId = Number(state.record_id);
        const cost = BigInt(campaign.points_per_draw);
        const amount = BigInt(prize.amount);
        const base = { userId: ask.userId, refType: 'draw', refId: String(recordId), at: now };
        const pointsAccount = Number(account.id);
        entries.push({
          ...base,
          type: 'points_spent',
          lines: [
            { accountId: pointsAccount, asset: 'POINTS', amount: -cost },
            { accountId: house.get('points_issued', ask.userId), asset: 'POINTS', amount: cost },
          ],
        });
        if (prize.kind === 'points') {
          entries.push({
            ...base,
            type: 'points_earned',
            lines: [
              { accountId: house.get('points_issued', ask.userId), asset: 'POINTS', amount: -amount },
              { accountId: pointsAccount, asset: 'POINTS', amount },
            ],
          });
        }
        if (prize.kind === 'cash') {
          entries.push({
            ...base,
            type: 'other_profit',
            lines: [
              { accountId: house.get('payouts', ask.userId), asset: 'CASH', amount: -amount },
              { accountId: Number(account.income), asset: 'CASH', amount },
            ],
          });
        }
        const points = balance - cost + (prize.kind === 'points' ? amount : 0n);
        records.push([
          recordId,
          ask.userId,
          ask.campaignId,
          prize.id,
          state.day,
          JSON.stringify(prize.name),
          prize.kind,
          prize.amount,
          campaign.points_per_draw,
          points.toString(),
          left - 1,
          'completed',
          ask.key,
          now.toISOString(),
        ]);
        outcomes.push({ recordId, prize, points, left: left - 1 });
      }
      if (records.length > 0) {
        await client.query({
          name: 'b_draw_write',
          text: BARE_WRITE,
          values: [...postingParams(entries), ...columnsOf(records, 14)],
        });
      }
      await client.query('commit');
      return outcomes;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }
  const draws = new Batcher(batch, { concurrency: 4, maxBatch: 100, keyOf: (ask) => ask.userId });

  app.post<{ Params: { id: string } }>('/api/v1/draws/:id/draw', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return fail('session');
    }
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) return fail('key');
    const outcome = await draws.submit({
      userId,
      campaignId: Number(req.params.id),
      key: `draw:${userId}:${idempotencyKey}`,
    });
    if ('refused' in outcome) return fail('refused');
    const { prize } = outcome;
    const amount = BigInt(prize.amount);
    const shown =
      prize.kind === 'cash' ? `${amount / 100n}.${(amount % 100n).toString().padStart(2, '0')}` : prize.amount;
    return `{"code":${SUCCESS_CODE},"msg":"ok","data":${JSON.stringify({
      recordId: outcome.recordId,
      prize: { id: prize.id, name: prize.name.en ?? '', kind: prize.kind, amount: shown },
      points: outcome.points.toString(),
      drawsLeftToday: outcome.left,
    })}}`;
  });
}

import { configDefaults, SUCCESS_CODE } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { renderNotice } from '../apps/server/src/modules/messages/notice-rules.ts';
import { MESSAGES_SQL } from '../apps/server/src/modules/messages/repository.ts';
import { authenticate } from './baseline.ts';

/** The readers a broadcast to everyone reaches in the bench, besides the measured users. */
export const MESSAGE_READERS = num(process.env.BENCH_MESSAGE_READERS, 1_000_000);
/** What each measured reader already has: broadcasts before, their own notices, and some opened. */
const EARLIER_BROADCASTS = 200;
const NOTICES_PER_READER = 30;
const READS_PER_READER = 10;

function num(value: string | undefined, fallback: number) {
  return value ? Number(value) : fallback;
}

/** Users who signed up yesterday: a broadcast to everyone today reaches each of them. */
export async function insertReaders(pool: pg.Pool, count: number): Promise<void> {
  const chunk = 250_000;
  for (let start = 1; start <= count; start += chunk) {
    await pool.query(
      `insert into users (account, account_kind, password_hash, nickname, invite_code, created_at)
       select 'reader-' || g || '@bench.example', 'email', 'x', 'reader', 'reader-' || g, now() - interval '1 day'
       from generate_series($1::int, $2::int) g`,
      [start, Math.min(count, start + chunk - 1)],
    );
  }
}

/**
 * A history for the measured users, as months of use leave it: earlier broadcasts to everyone,
 * notices of their own, some messages opened one by one and, for half of them, a "read all"; and
 * vacuumed, as autovacuum leaves tables after months (the bench's server may run without it): a
 * million fresh rows would otherwise have every index-only scan visit the heap, and the first
 * requests write hint bits, a cost of the seeding that neither the app nor its baseline has.
 */
export async function seedMessageHistory(pool: pg.Pool, first: number, count: number): Promise<void> {
  const last = first + count - 1;
  await pool.query(
    `insert into messages (audience, title, body, sent, created_at)
     select 'all', jsonb_build_object('en', 'Earlier news ' || g), jsonb_build_object('en', 'Body ' || g), 0,
       now() - interval '1 hour' * ($1::int - g)
     from generate_series(1, $1::int) g`,
    [EARLIER_BROADCASTS],
  );
  await pool.query(
    `insert into messages (audience, user_id, notice, params, created_at)
     select 'user', u, 'deposit_credited', jsonb_build_object('amount', '10000'), now() - interval '1 minute' * n
     from generate_series($1::int, $2::int) u cross join generate_series(1, $3::int) n`,
    [first, last, NOTICES_PER_READER],
  );
  await pool.query(
    `insert into message_reads (user_id, message_id)
     select u, m.id from generate_series($1::int, $2::int) u
     cross join lateral (select id from messages where user_id = u order by id limit $3::int) m`,
    [first, last, READS_PER_READER],
  );
  await pool.query(
    `insert into message_read_upto (user_id, message_id, updated_at)
     select u, (select max(id) / 2 from messages), now() from generate_series($1::int, $2::int) u where u % 2 = 0`,
    [first, last],
  );
  await pool.query('vacuum (analyze) users, sessions, messages, message_reads, message_read_upto, message_recipients');
}

/** The currency as the bench's configuration has it (the defaults), for the notices' amounts. */
const MONEY = { decimals: configDefaults.app_currency_decimals, symbol: configDefaults.app_currency };

/**
 * The bare baseline of `GET /api/v1/messages`: the app's one statement (the page and the unread
 * count) on the same pool, and the same answer (the notices written by the app's own pure
 * function, so that the baseline does not answer less), without router, validation or presenter.
 */
export function registerMessagesBaseline(app: FastifyInstance, pool: pg.Pool): void {
  app.get('/api/v1/messages', async (req, reply) => {
    reply.type('application/json; charset=utf-8');
    let userId: number;
    try {
      userId = await authenticate(pool, req.headers.authorization);
    } catch {
      return `{"code":200000,"msg":"session","data":null}`;
    }
    const limit = 20;
    const { rows } = await pool.query({
      name: 'bare_messages',
      text: MESSAGES_SQL,
      values: [userId, 2_147_483_647, limit + 1],
    });
    const items = [];
    for (const row of rows.slice(0, limit)) {
      if (row.id === null) break;
      const text =
        row.notice === null
          ? { title: row.title.en, body: row.body.en }
          : renderNotice(row.notice, row.params, 'en', MONEY);
      items.push({ id: row.id, ...text, read: row.read, createdAt: row.createdAt.toISOString() });
    }
    const nextCursor = rows.length > limit ? String(items.at(-1)?.id) : null;
    return JSON.stringify({
      code: SUCCESS_CODE,
      msg: 'success',
      data: { items, nextCursor, unread: rows[0]?.unread ?? 0 },
    });
  });
}

/** The bare broadcast: the audience counted and one row written, in one statement on the same pool. */
export async function bareBroadcast(pool: pg.Pool): Promise<void> {
  await pool.query(
    `insert into messages (audience, title, body, sent, created_at)
     select 'all', $1, $2, count(*), now() from users`,
    [{ en: 'Bare broadcast' }, { en: 'To everyone' }],
  );
}

/** Seconds each of `times` calls of `send` takes, one after another. */
export async function timeEach(times: number, send: () => Promise<unknown>): Promise<number[]> {
  const seconds: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await send();
    seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  return seconds;
}

import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { Scheduler } from '../src/jobs/scheduler.ts';
import { ensureUserAccounts } from '../src/ledger/accounts.ts';
import { connectRedis, RedisRateLimiter } from '../src/limits/counters.ts';
import { LIMITS } from '../src/modules/accounts/service.ts';
import { signInOwner, signUp } from './factories.ts';
import { createEmptyDatabase, createTestApp, type TestApp, usingPostgres } from './setup.ts';

/**
 * Faults the server survives: a database connection cut mid-transaction, a lock held too long,
 * Redis away, instances migrating together, a shutdown. The ones that need a second PostgreSQL
 * connection run only on PostgreSQL.
 */

const adjust = (t: TestApp, token: string, userId: number, amount = '10.00') =>
  t.call(adminApi.products.adjust, { wallet: 'deposit', amount, reason: 'top-up' }, { token, params: { id: userId } });

/** Another connection that holds a user's deposit wallet locked until `release`. */
async function lockDepositWallet(t: TestApp, userId: number) {
  await ensureUserAccounts(t.db, userId);
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  await client.query('begin');
  await client.query(`select id from ledger_accounts where user_id = $1 and kind = 'deposit' for update`, [userId]);
  return {
    /** The backend of a request waiting for this lock, once there is one. */
    waiter: () =>
      vi.waitFor(
        async () => {
          const { rows } = await client.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (!rows[0]) throw new Error('no request is waiting for the lock yet');
          return rows[0].pid;
        },
        { timeout: 10_000, interval: 20 },
      ),
    terminate: (pid: number) => client.query('select pg_terminate_backend($1)', [pid]),
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Settles with the promise, and says meanwhile whether it has. */
function watched<T>(promise: Promise<T>) {
  const watch = { settled: false, result: promise };
  void promise.finally(() => {
    watch.settled = true;
  });
  return watch;
}

describe.skipIf(!usingPostgres)('a database connection that fails mid-request (PostgreSQL)', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInOwner(t);
  });
  afterAll(() => t?.close());

  it('a top-up whose connection is terminated mid-transaction answers "busy", credits nothing, and the next one succeeds', async () => {
    const { user } = await signUp(t);
    const lock = await lockDepositWallet(t, user.id);
    const cut = adjust(t, owner, user.id);
    // Unhandled, the connection's error event would end this process (and fail the run).
    await lock.terminate(await lock.waiter());
    const answer = await cut;
    await lock.release();
    expect(answer.code).toBe(ERRORS.BUSY.code);
    expect(answer.data).toBeNull();

    const next = await adjust(t, owner, user.id);
    expect(next.code).toBe(SUCCESS_CODE);
    expect(next.data.balance).toBe('10.00');
  });
});

describe.skipIf(!usingPostgres)('a lock held too long (PostgreSQL)', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { timeouts: { statementMs: 15_000, lockMs: 3000, idleInTransactionMs: 30_000, acquireMs: 500 } },
    );
    owner = await signInOwner(t);
  });
  afterAll(() => t?.close());

  it('a top-up waiting on a locked wallet answers "busy" after the lock timeout, while /healthz answers at once', async () => {
    const { user, token } = await signUp(t);
    const lock = await lockDepositWallet(t, user.id);
    try {
      const waiting = watched(adjust(t, owner, user.id));
      await lock.waiter();
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(waiting.settled).toBe(false);
      const answer = await waiting.result;
      expect(answer.code).toBe(ERRORS.BUSY.code);
      expect((await t.ok(api.wallet.bill, {}, { token })).rechargeBalance).toBe('0.00');
    } finally {
      await lock.release();
    }
  });

  it('with every connection taken, a request answers "busy" after the acquire timeout and /healthz says 503', async () => {
    const { token } = await signUp(t);
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const taken = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      expect((await t.call(api.wallet.bill, {}, { token })).code).toBe(ERRORS.BUSY.code);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);
    } finally {
      for (const client of taken) client.release();
    }
    expect((await t.call(api.wallet.bill, {}, { token })).code).toBe(SUCCESS_CODE);
  });
});

describe('Redis down', () => {
  let t: TestApp;
  const warnings: string[] = [];
  let redis: ReturnType<typeof connectRedis>;
  beforeAll(async () => {
    redis = connectRedis(`redis://127.0.0.1:${await closedPort()}`);
    const log = { warn: (_details: object, message: string) => warnings.push(message), info: () => undefined };
    t = await createTestApp({}, { limiter: new RedisRateLimiter(redis, log) });
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  it('sign-in keeps working, counted in memory, with one warning for the outage', async () => {
    const user = await signUp(t);
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await t.call(api.user.login, { account: user.account, password: user.password });
      expect(answer.code).toBe(SUCCESS_CODE);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Redis is unreachable');
  });

  it('wrong passwords are still limited while Redis is away', async () => {
    const user = await signUp(t);
    const { limit } = LIMITS.login.perAccountFromIp[0];
    const codes: number[] = [];
    for (let attempt = 0; attempt <= limit; attempt++) {
      codes.push((await t.call(api.user.login, { account: user.account, password: 'wrong-password' })).code);
    }
    expect(codes).toEqual([...Array(limit).fill(ERRORS.LOGIN_FAILED.code), ERRORS.RATE_LIMITED.code]);
  });
});

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('/readyz answers ready with its database, and not ready once the instance drains for a shutdown', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ status: 'ok', database: 'ok', redis: 'none' });
    t.drain();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'draining' });
    // Still alive, and still answering the requests that reach it.
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the scheduler at shutdown', () => {
  it('stop() waits for the job in flight to finish', async () => {
    const scheduler = new Scheduler(silentLog);
    let finish = () => {};
    let finished = false;
    scheduler.register({
      name: 'slow',
      schedule: '0 0 1 1 *',
      run: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            finished = true;
            resolve();
          };
        }),
    });
    const running = scheduler.run('slow');
    const stopped = watched(scheduler.stop());
    await Promise.resolve();
    expect(stopped.settled).toBe(false);
    finish();
    await stopped.result;
    expect(finished).toBe(true);
    await running;
  });
});

describe.skipIf(!usingPostgres)('opening and holding connections (PostgreSQL)', () => {
  const created: Awaited<ReturnType<typeof createEmptyDatabase>>[] = [];
  afterEach(async () => {
    for (const database of created.splice(0)) await database.drop();
  });

  it('three instances opening a fresh database at once all migrate it and come up', async () => {
    const empty = await createEmptyDatabase(process.env.TEST_DATABASE_URL as string);
    created.push(empty);
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: empty.url, poolSize: 2 })));
    try {
      for (const instance of instances) {
        const [row] = await queryRows<{ n: number }>(instance.db, sql`select count(*)::integer as n from users`);
        expect(row?.n).toBe(0);
      }
      const [applied] = await queryRows<{ n: number }>(
        instances[0]!.db,
        sql`select count(*)::integer as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journalEntries());
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('a connection dropped while held gives its place in the pool back, and the pool still closes', async () => {
    const empty = await createEmptyDatabase(process.env.TEST_DATABASE_URL as string);
    created.push(empty);
    const database = await openDatabase({ url: empty.url, poolSize: 1 });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // Held and never released, as Drizzle holds a connection whose BEGIN failed.
    const held = await pool.connect();
    const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
    const killer = new pg.Client({ connectionString: empty.url });
    await killer.connect();
    await killer.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    await killer.end();
    await vi.waitFor(() => expect(pool.totalCount).toBe(0));
    const [row] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(row?.one).toBe(1);
    await database.close();
  });
});

const silentLog = { debug: () => undefined, error: () => undefined } as unknown as ConstructorParameters<
  typeof Scheduler
>[0];

function journalEntries(): number {
  const journal = readFileSync(path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8');
  return (JSON.parse(journal) as { entries: unknown[] }).entries.length;
}

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

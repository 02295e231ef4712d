/**
 * `npm run test:faults`: two instances behind HAProxy on a database and a Redis of their own,
 * a bounded mixed load through the proxy, and during it a kill -9 of an instance (and its
 * restart), every app connection terminated by PostgreSQL, and a Redis restart. Then: every
 * acknowledged write exists, no Idempotency-Key made two rows, the ledger holds, nothing crashed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ActionKey, adminApi, ERRORS, api as endpoints, SUCCESS_CODE } from '@app/contracts';
import pg from 'pg';
import { hashSecret } from '../apps/server/src/security.ts';
import { createBenchDatabase } from '../bench/db.ts';
import { fundUsers, insertProduct, insertSessions, insertUsers } from '../bench/seed.ts';
import { type Answer, Api } from '../e2e/lib/api.ts';
import { Cluster, type Instance, type Restartable, waitUntil } from './cluster.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SERVER_URL = process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = num('FAULTS_USERS', 40);
const REQUESTS = num('FAULTS_REQUESTS', 1500);
/** The operations are spread over this long, so the faults fall in the middle of the load. */
const LOAD_MS = num('FAULTS_LOAD_MS', 32_000);
/** No operation starts after this long, however slow the machine. */
const LOAD_BUDGET_MS = 150_000;
const WORKERS = 8;
const PASSWORD = 'Faults-pass-1';
const PAY_PASSWORD = '246810';
const RUNNER = 'faults-runner';
const SERVER_FAILURES = new Set<number>([ERRORS.BUSY.code, ERRORS.INTERNAL.code]); // the server could not, not would not

const log = (...args: unknown[]) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}]`, ...args);

type Kind = 'purchase' | 'deposit' | 'withdrawal' | 'collect' | 'login' | 'bill';
/** Weighted: what users do most comes most often. Sign-ins stay few: 100 per address per 15 minutes. */
const MIX: Kind[] = [
  ...Array<Kind>(6).fill('purchase'),
  ...Array<Kind>(4).fill('bill'),
  ...Array<Kind>(4).fill('deposit'),
  ...Array<Kind>(3).fill('withdrawal'),
  ...Array<Kind>(2).fill('collect'),
  'login',
];
const IDEMPOTENT: Kind[] = ['purchase', 'deposit', 'withdrawal', 'collect'];

interface Attempt {
  kind: Kind;
  user: number;
  key?: string;
  start: number;
  end: number;
  outcome: 'ok' | 'refused' | 'failed';
  /** What identifies the row a success created: order id, deposit transId, withdrawal id. */
  id?: string;
  detail?: string;
}

interface Fixture {
  admin: string;
  users: { id: number; account: string; token: string; payoutAccountId: number }[];
  productId: number;
  methodId: string;
}

interface FaultWindow {
  name: string;
  start: number;
  end: number;
}

interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  const cluster = new Cluster(dir);
  const database = await createBenchDatabase(SERVER_URL, 'faults');
  log(`database ${database.url.replace(/\/\/[^@]*@/, '//')}, logs in ${dir}`);
  const pool = new pg.Pool({ connectionString: database.url, max: 4, application_name: RUNNER });
  // Its own connections are spared by the termination below, but a restart of the server is not.
  pool.on('error', () => undefined);
  let cleaned: Promise<void> | undefined;
  const cleanUp = () => {
    cleaned ??= (async () => {
      await cluster.stopAll();
      await pool.end().catch(() => undefined);
      await database.drop().catch((error) => log(`could not drop the database: ${error.message}`));
    })();
    return cleaned;
  };
  // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): every signal after
  // the first waits for the same clean-up rather than ending the process half-way through it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!cleaned) log(`${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  let ok = false;
  try {
    const redis = await cluster.redis();
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      PAYMENTS_SANDBOX: '1',
      PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      DEMO_CONTENT: '0',
    };
    const a = await cluster.instance('a', { ...common, JOBS: '1' });
    const b = await cluster.instance('b', { ...common, JOBS: '0' });
    // Started together: both migrate the fresh database at once.
    await Promise.all([a.ready(), b.ready()]);
    const proxy = await cluster.proxy([a, b]);
    await waitUntil('the proxy', async () => (await fetch(`${proxy.url}/readyz`).catch(() => undefined))?.ok === true);
    log(`instances a (jobs) ${a.url} and b ${b.url} behind HAProxy ${proxy.url}`);
    const api = new Api(proxy.url);
    const fixture = await prepare(api, pool);
    log(`${fixture.users.length} users ready; load of ${REQUESTS} operations over ~${LOAD_MS / 1000} s`);

    const windows: FaultWindow[] = [];
    const started = Date.now();
    const [attempts] = await Promise.all([load(api, fixture, started), faults({ a, redis, pool, windows })]);
    log(`load done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const checks = await verify(api, pool, fixture, attempts, windows);
    const stops = await Promise.all([a.stop(), b.stop()]);
    checks.push({
      name: 'SIGTERM stops each instance gracefully (exit code 0)',
      pass: stops.every((code) => code === 0),
      detail: `exit codes ${stops.join(', ')}`,
    });
    checks.push({
      name: 'process crashes (an exit other than our kill -9 or SIGTERM)',
      pass: cluster.crashes.length === 0,
      detail: cluster.crashes.length === 0 ? '0' : cluster.crashes.join('; '),
    });
    report(attempts, windows, checks);
    ok = checks.every((check) => check.pass);
  } catch (error) {
    log(`the fault test could not run to the end: ${(error as Error).stack ?? error}`);
    for (const name of ['a', 'b', 'haproxy', 'redis']) {
      const tail = cluster.logTail(name);
      if (tail) log(`--- ${name}.log\n${tail}`);
    }
  } finally {
    await cleanUp();
    if (ok) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}`);
  }
  return ok ? 0 : 1;
}

/** Users with money, a machine each, a payout account and a payment password; open withdrawal hours. */
async function prepare(api: Api, pool: pg.Pool): Promise<Fixture> {
  const admin = await api.adminLogin();
  const everyDay = [0, 1, 2, 3, 4, 5, 6];
  await api.call(
    adminApi.admin.putConfig,
    {
      withdraw_min: '1.00',
      withdraw_step: '1.00',
      withdraw_daily_count: 100,
      withdraw_days: everyDay,
      withdraw_hours: { from: '00:00', to: '23:59' },
      collect_days: everyDay,
    },
    { token: admin },
  );
  const productId = await insertProduct(pool, { name: 'Fault-test miner' });
  const first = await insertUsers(pool, 'faults', USERS);
  await fundUsers(pool, first, USERS, 500_000n);
  const tokens = await insertSessions(pool, first, USERS);
  await pool.query('update users set password_hash = $1, pay_password_hash = $2 where id between $3 and $4', [
    await hashSecret(PASSWORD),
    await hashSecret(PAY_PASSWORD),
    first,
    first + USERS - 1,
  ]);
  const [method] = await api.call(endpoints.cash.depositMethods, {}, { token: tokens[0] });
  if (!method) throw new Error('no deposit method is offered (is PAYMENTS_SANDBOX on?)');
  const options = await api.call(endpoints.cash.payoutOptions, {}, { token: tokens[0] });
  const bankName = options.banks[0];
  const users = await Promise.all(
    tokens.map(async (userToken, index) => {
      const id = first + index;
      const income = await api.answer(
        adminApi.products.adjust,
        { wallet: 'income', amount: '100.00', reason: 'fault test' },
        { token: admin, params: { id }, action: new ActionKey(`setup-income-${id}`) },
      );
      if (income.code !== SUCCESS_CODE) throw new Error(`income top-up: ${income.code} ${income.msg}`);
      const account = await api.call(
        endpoints.cash.addPayoutAccount,
        { type: 'bank', holderName: 'Fault Test', accountNumber: `1000${id}`.padEnd(10, '7'), bankName },
        { token: userToken },
      );
      // Payout accounts wait for an operator's approval by default.
      if (account.status === 'pending') {
        await api.call(adminApi.cash.approvePayoutAccount, {}, { token: admin, params: { id: account.id } });
      }
      const machine = await api.answer(
        endpoints.products.purchase,
        { productId },
        { token: userToken, action: new ActionKey(`setup-machine-${id}`) },
      );
      if (machine.code !== SUCCESS_CODE) throw new Error(`first machine: ${machine.code} ${machine.msg}`);
      return { id, account: `faults${index + 1}@bench.example`, token: userToken, payoutAccountId: account.id };
    }),
  );
  // The machines started two hours ago: the accrual job (instance a, at the next minute) pays their
  // cycles, so collections have something to collect.
  await pool.query(
    `update holdings set started_at = started_at - interval '2 hours', next_accrual_at = next_accrual_at - interval '2 hours'
     where user_id between $1 and $2`,
    [first, first + USERS - 1],
  );
  await waitUntil(
    'the accrual job',
    async () => {
      const { rows } = await pool.query<{ paid: boolean }>(
        'select exists (select 1 from holdings where user_id between $1 and $2 and uncollected > 0) as paid',
        [first, first + USERS - 1],
      );
      return rows[0]?.paid === true;
    },
    75_000,
  );
  return { admin, users, productId, methodId: method.id };
}

/** REQUESTS operations from WORKERS clients, the i-th not before its place in LOAD_MS. */
async function load(api: Api, fixture: Fixture, started: number): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= REQUESTS || Date.now() - started > LOAD_BUDGET_MS) return;
      const due = started + (index * LOAD_MS) / REQUESTS;
      if (due > Date.now()) await sleep(due - Date.now());
      const kind = MIX[index % MIX.length] as Kind;
      // Each round of the mix moves every kind on to other users, so every user does every kind.
      const round = Math.floor(index / MIX.length);
      const user = fixture.users[(index * 7 + round) % fixture.users.length] as Fixture['users'][number];
      const action = IDEMPOTENT.includes(kind) ? new ActionKey(`f-${kind}-${randomUUID()}`) : undefined;
      const first = await attempt(api, fixture, kind, user, action);
      attempts.push(first);
      // A client whose write failed tries once more in the same action, so with the same key, as the apps do.
      if (first.outcome === 'failed' && action) {
        await sleep(1000);
        attempts.push(await attempt(api, fixture, kind, user, action));
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return attempts;
}

async function attempt(
  api: Api,
  fixture: Fixture,
  kind: Kind,
  user: Fixture['users'][number],
  action: ActionKey | undefined,
): Promise<Attempt> {
  const key = action?.current;
  const start = Date.now();
  const record = (outcome: Attempt['outcome'], detail?: string, id?: string): Attempt => ({
    kind,
    user: user.id,
    key,
    start,
    end: Date.now(),
    outcome,
    detail,
    id,
  });
  try {
    const answer = await send(api, fixture, kind, user, action);
    if (answer.code === SUCCESS_CODE) return record('ok', undefined, idOf(kind, answer.data));
    return record(SERVER_FAILURES.has(answer.code) ? 'failed' : 'refused', `${answer.code} ${answer.msg}`);
  } catch (error) {
    return record('failed', (error as Error).message);
  }
}

function send(
  api: Api,
  fixture: Fixture,
  kind: Kind,
  user: Fixture['users'][number],
  action: ActionKey | undefined,
): Promise<Answer<unknown>> {
  const as = { token: user.token, action };
  switch (kind) {
    case 'purchase':
      return api.answer(endpoints.products.purchase, { productId: fixture.productId }, as);
    case 'deposit':
      return api.answer(endpoints.cash.createDeposit, { amount: '25.00', methodId: fixture.methodId }, as);
    case 'withdrawal':
      return api.answer(
        endpoints.cash.withdraw,
        { accountId: user.payoutAccountId, amount: '1.00', payPassword: PAY_PASSWORD },
        as,
      );
    case 'collect':
      return api.answer(endpoints.products.collect, {}, as);
    case 'login':
      return api.answer(endpoints.user.login, { account: user.account, password: PASSWORD });
    case 'bill':
      return api.answer(endpoints.wallet.bill, {}, as);
  }
}

function idOf(kind: Kind, data: unknown): string | undefined {
  const answer = data as { order?: { id: number }; transId?: string; id?: number };
  if (kind === 'purchase') return String(answer.order?.id);
  if (kind === 'deposit') return answer.transId;
  if (kind === 'withdrawal') return String(answer.id);
  return undefined;
}

/** The faults, one after another while the load runs; each window lasts until the system is whole again. */
async function faults(deps: { a: Instance; redis: Restartable; pool: pg.Pool; windows: FaultWindow[] }) {
  const during = async (name: string, fault: () => Promise<void>) => {
    const window = { name, start: Date.now(), end: 0 };
    deps.windows.push(window);
    log(`fault: ${name}`);
    await fault();
    window.end = Date.now();
  };
  await sleep(5000);
  await during('kill -9 of instance a (the jobs) and its restart', async () => {
    await deps.a.restart();
    // The proxy takes it back after two good checks.
    await sleep(1500);
  });
  await sleep(3000);
  await during('pg_terminate_backend of every app connection', async () => {
    const { rows } = await deps.pool.query(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name <> $1`,
      [RUNNER],
    );
    log(`  ${rows.length} connections terminated`);
    await sleep(2000);
  });
  await sleep(3000);
  await during('Redis restart', async () => {
    await deps.redis.restart();
    await sleep(2000);
  });
}

async function verify(api: Api, pool: pg.Pool, fixture: Fixture, attempts: Attempt[], windows: FaultWindow[]) {
  const checks: Check[] = [];
  const tables = [
    { kind: 'purchase', table: 'orders', id: 'id::text' },
    { kind: 'deposit', table: 'deposits', id: 'trans_id' },
    { kind: 'withdrawal', table: 'withdrawals', id: 'id::text' },
  ] as const;
  for (const { kind, table, id } of tables) {
    const { rows } = await pool.query<{ key: string; id: string }>(
      `select idempotency_key as key, ${id} as id from ${table} where idempotency_key like 'f-%'`,
    );
    const found = new Map(rows.map((row) => [row.key, row.id]));
    const acknowledged = new Map<string, Set<string>>();
    for (const done of attempts) {
      if (done.kind !== kind || done.outcome !== 'ok' || !done.key) continue;
      acknowledged.set(done.key, (acknowledged.get(done.key) ?? new Set()).add(done.id ?? ''));
    }
    const missing = [...acknowledged.keys()].filter((key) => !found.has(key));
    const other = [...acknowledged].filter(
      ([key, ids]) => found.has(key) && (ids.size > 1 || !ids.has(found.get(key) ?? '')),
    );
    checks.push({
      name: `every acknowledged ${kind} exists (${table})`,
      pass: missing.length === 0 && other.length === 0,
      detail: `${acknowledged.size} answered success, ${rows.length} rows (${rows.length - acknowledged.size + missing.length} written but not acknowledged), ${missing.length} missing, ${other.length} answered another row`,
    });
    const { rows: duplicates } = await pool.query<{ n: number }>(
      `select count(*)::integer as n from (select 1 from ${table} where idempotency_key is not null
       group by user_id, idempotency_key having count(*) > 1) d`,
    );
    checks.push({
      name: `duplicates: one Idempotency-Key, one ${kind}`,
      pass: duplicates[0]?.n === 0,
      detail: `${duplicates[0]?.n} keys with more than one row`,
    });
  }
  const collected = new Set(
    (
      await pool.query<{ key: string }>(
        `select idempotency_key as key from journal_entries where type = 'collection' and idempotency_key is not null`,
      )
    ).rows.map((row) => row.key),
  );
  const collections = attempts.filter((done) => done.kind === 'collect' && done.outcome === 'ok');
  const lost = collections.filter((done) => !collected.has(`collect:${done.user}:${done.key}`));
  checks.push({
    name: 'every acknowledged collection has its ledger entry',
    pass: lost.length === 0,
    detail: `${collections.length} answered success, ${collected.size} entries, ${lost.length} missing`,
  });
  const ledger = await api.call(adminApi.products.ledgerCheck, {}, { token: fixture.admin });
  checks.push({
    name: 'ledger check ok',
    pass: ledger.ok,
    detail: ledger.ok ? 'no violation' : ledger.violations.map((v) => `${v.invariant}: ${v.detail}`).join('; '),
  });
  checks.push({
    name: 'every fault happened during the load',
    pass: windows.length === 3 && windows.every((window) => window.end > 0),
    detail: windows.map((window) => window.name).join('; '),
  });
  return checks;
}

const overlaps = (done: Attempt, window: FaultWindow) => done.start <= window.end && done.end >= window.start;

function report(attempts: Attempt[], windows: FaultWindow[], checks: Check[]) {
  const count = (list: Attempt[], outcome: Attempt['outcome']) =>
    list.filter((done) => done.outcome === outcome).length;
  console.log('\nRequests through the proxy (retries of a failed write with its key included):');
  for (const kind of new Set(attempts.map((done) => done.kind))) {
    const ofKind = attempts.filter((done) => done.kind === kind);
    console.log(
      `  ${kind.padEnd(11)} ${String(ofKind.length).padStart(5)}: ${count(ofKind, 'ok')} success, ${count(ofKind, 'refused')} refused by a rule, ${count(ofKind, 'failed')} failed`,
    );
  }
  console.log('\nFailed requests during each fault window (in flight at some moment of it):');
  for (const window of windows) {
    const inside = attempts.filter((done) => overlaps(done, window));
    const failed = inside.filter((done) => done.outcome === 'failed');
    const reasons = [...new Set(failed.map((done) => `${done.kind}: ${done.detail}`))].slice(0, 4);
    console.log(
      `  ${window.name} (${((window.end - window.start) / 1000).toFixed(1)} s): ${failed.length} of ${inside.length} failed${reasons.length ? ` — ${reasons.join(' | ')}` : ''}`,
    );
  }
  const outside = attempts.filter(
    (done) => done.outcome === 'failed' && !windows.some((window) => overlaps(done, window)),
  );
  console.log(`  outside every window: ${outside.length} failed`);
  console.log('\nChecks:');
  for (const check of checks) console.log(`  ${check.pass ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  const passed = checks.filter((check) => check.pass).length;
  console.log(`\n${passed} passed, ${checks.length - passed} failed`);
}

process.exitCode = await main();

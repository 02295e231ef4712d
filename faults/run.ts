/**
 * `npm run test:faults`: two instances behind HAProxy on a database and a Redis of their own,
 * SMS through a Twilio stand-in, a bounded mixed load through the proxy (verification codes by
 * SMS among it), and during it a kill -9 of an instance (and its restart), every app connection
 * terminated by PostgreSQL, and a Redis restart. Then: every acknowledged write exists, no
 * Idempotency-Key made two rows, the ledger holds, every queued SMS went out once. Last, codes
 * accepted while the provider is down, every sender killed with -9 (one of them mid-send), the
 * provider back, the instances restarted: each code is sent once, and works.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ActionKey, adminApi, ERRORS, api as endpoints, SUCCESS_CODE } from '@app/contracts';
import pg from 'pg';
import { hashSecret } from '../apps/server/src/security.ts';
import { FakeTwilio, type Taken } from '../apps/server/test/fake-sms.ts';
import { createBenchDatabase } from '../bench/db.ts';
import { fundUsers, insertProduct, insertSessions, insertUsers } from '../bench/seed.ts';
import { type Answer, Api } from '../e2e/lib/api.ts';
import { freePort } from '../e2e/lib/server.ts';
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
/** Codes asked for while the SMS provider is down, each to a number of its own from an address of its own. */
const SMS_CODES = num('FAULTS_SMS_CODES', 20);
/** How long queued SMS may take to go out once a sender is back: a dead sender's claim holds 50 s. */
const SMS_WAIT_MS = 120_000;
const PASSWORD = 'Faults-pass-1';
const PAY_PASSWORD = '246810';
const RUNNER = 'faults-runner';
const SERVER_FAILURES = new Set<number>([ERRORS.BUSY.code, ERRORS.INTERNAL.code]); // the server could not, not would not

const log = (...args: unknown[]) => console.log(`[faults ${new Date().toISOString().slice(11, 19)}]`, ...args);

type Kind = 'purchase' | 'deposit' | 'withdrawal' | 'collect' | 'login' | 'bill' | 'code';
/**
 * Weighted: what users do most comes most often. Sign-ins stay few: 100 per address per 15 minutes.
 * A code (sign-up by SMS) goes to a new number from a new address each time: 30 per address per hour.
 */
const MIX: Kind[] = [
  ...Array<Kind>(6).fill('purchase'),
  ...Array<Kind>(4).fill('bill'),
  ...Array<Kind>(4).fill('deposit'),
  ...Array<Kind>(3).fill('withdrawal'),
  ...Array<Kind>(2).fill('collect'),
  'login',
  'code',
];
const IDEMPOTENT: Kind[] = ['purchase', 'deposit', 'withdrawal', 'collect'];

interface Attempt {
  kind: Kind;
  user: number;
  key?: string;
  start: number;
  end: number;
  outcome: 'ok' | 'refused' | 'failed';
  /** What identifies the row a success created: order id, deposit transId, withdrawal id; a code's number. */
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

/** A phone number asked a code for: as a user in Nigeria types it, as the server stores it, and who asks. */
interface CodeTarget {
  typed: string;
  e164: string;
  address: string;
}

/** The `index`-th number of a `series` (one per part of the run), asked for from an address of its own. */
function codeTarget(series: number, index: number): CodeTarget {
  const subscriber = String(series * 1_000_000 + index).padStart(7, '0');
  return {
    typed: `0803${subscriber}`,
    e164: `+234803${subscriber}`,
    address: `10.${series}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  };
}

const LOAD_CODES = 7;
const KILL_CODES = 8;
let loadCodes = 0;

/** An SMS of the outbox as the checks read it. */
interface SmsRow {
  id: number;
  recipient: string;
  status: string;
  attempts: number;
  provider_id: string | null;
  last_error: string | null;
  claimed_until: Date | null;
  sent_at: Date | null;
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'faults-'));
  const cluster = new Cluster(dir);
  const database = await createBenchDatabase(SERVER_URL, 'faults');
  log(`database ${database.url.replace(/\/\/[^@]*@/, '//')}, logs in ${dir}`);
  // Twilio as the instances reach it: here, so the checks see every message it took.
  const twilio = await new FakeTwilio().start();
  const pool = new pg.Pool({ connectionString: database.url, max: 4, application_name: RUNNER });
  // Its own connections are spared by the termination below, but a restart of the server is not.
  pool.on('error', () => undefined);
  let cleaned: Promise<void> | undefined;
  const cleanUp = () => {
    cleaned ??= (async () => {
      await cluster.stopAll();
      await twilio.close().catch(() => undefined);
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
    const proxyPort = await freePort();
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      PAYMENTS_SANDBOX: '1',
      PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      DEMO_CONTENT: '0',
      // Twilio's status callbacks name the proxy; the clients asking for codes tell their own addresses.
      ...twilio.env(`http://127.0.0.1:${proxyPort}`),
      TRUST_PROXY: '127.0.0.1',
    };
    const a = await cluster.instance('a', { ...common, JOBS: '1' });
    const b = await cluster.instance('b', { ...common, JOBS: '0' });
    // Started together: both migrate the fresh database at once.
    await Promise.all([a.ready(), b.ready()]);
    const proxy = await cluster.proxy([a, b], proxyPort);
    await proxyReady(proxy.url);
    log(`instances a (jobs) ${a.url} and b ${b.url} behind HAProxy ${proxy.url}, SMS by Twilio at ${twilio.url}`);
    const api = new Api(proxy.url);
    const fixture = await prepare(api, pool);
    log(`${fixture.users.length} users ready; load of ${REQUESTS} operations over ~${LOAD_MS / 1000} s`);

    const windows: FaultWindow[] = [];
    const started = Date.now();
    const [attempts] = await Promise.all([load(api, fixture, started), faults({ a, redis, pool, windows })]);
    log(`load done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const checks = await verify(api, pool, fixture, attempts, windows);
    checks.push(...(await verifyLoadCodes(pool, twilio, attempts)));
    checks.push(...(await killBetweenAcceptanceAndDelivery({ proxy: proxy.url, pool, twilio, instances: [a, b] })));
    checks.push(await everySmsOnce(pool, twilio));
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
  // A code goes to a number nobody asked for before (one code per number and minute).
  const target = kind === 'code' ? codeTarget(LOAD_CODES, loadCodes++) : undefined;
  const record = (outcome: Attempt['outcome'], detail?: string, id = target?.e164): Attempt => ({
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
    const answer = target
      ? await askCode(api.baseUrl, target)
      : await send(api, fixture, kind as Exclude<Kind, 'code'>, user, action);
    if (answer.code === SUCCESS_CODE) return record('ok', undefined, target?.e164 ?? idOf(kind, answer.data));
    return record(SERVER_FAILURES.has(answer.code) ? 'failed' : 'refused', `${answer.code} ${answer.msg}`);
  } catch (error) {
    return record('failed', (error as Error).message);
  }
}

/** A sign-up code for `target`'s number, asked for from its own address. */
function askCode(baseUrl: string, target: CodeTarget) {
  return new Api(baseUrl, target.address).answer(endpoints.user.sendCode, {
    account: target.typed,
    purpose: 'register',
  });
}

function send(
  api: Api,
  fixture: Fixture,
  kind: Exclude<Kind, 'code'>,
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

async function proxyReady(url: string): Promise<void> {
  await waitUntil('the proxy', async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.ok === true);
}

/** Polls `check` every 250 ms for at most `timeoutMs`; whether it came true. */
async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The SMS of the outbox, all of them or those to `recipients`, oldest first. */
async function smsRows(pool: pg.Pool, recipients?: string[]): Promise<SmsRow[]> {
  const columns = 'id, recipient, status, attempts, provider_id, last_error, claimed_until, sent_at';
  const { rows } = recipients
    ? await pool.query<SmsRow>(
        `select ${columns} from outbox where channel = 'sms' and recipient = any($1) order by id`,
        [recipients],
      )
    : await pool.query<SmsRow>(`select ${columns} from outbox where channel = 'sms' order by id`);
  return rows;
}

/** Waits (at most `timeoutMs`) until none of the SMS to `recipients` is queued any more; the rows then. */
async function untilSettled(pool: pg.Pool, recipients: string[], timeoutMs: number): Promise<SmsRow[]> {
  let rows: SmsRow[] = [];
  await within(timeoutMs, async () => {
    rows = await smsRows(pool, recipients);
    return rows.every((row) => row.status !== 'queued');
  });
  return rows;
}

/**
 * The outbox's SMS against what the provider took: each sent row is one message the provider took
 * (its provider id), to its recipient, and the provider took nothing else for those recipients.
 */
function tally(rows: SmsRow[], taken: Taken[]) {
  const recipients = new Set(rows.map((row) => row.recipient));
  const mine = taken.filter((message) => recipients.has(message.to));
  const settled = new Map(rows.filter((row) => row.provider_id).map((row) => [row.provider_id, row]));
  const sent = rows.filter((row) => row.status === 'sent');
  const notSent = rows.filter((row) => row.status !== 'sent');
  /** Sent per the outbox, but the provider took no such message. */
  const lost = sent.filter(
    (row) => !mine.some((message) => message.id === row.provider_id && message.to === row.recipient),
  );
  /** Taken by the provider, but no row says so: sent twice, or sent and its outcome never written. */
  const unsettled = mine.filter((message) => settled.get(message.id)?.recipient !== message.to);
  const counts = new Map<string, number>();
  for (const message of mine) counts.set(message.to, (counts.get(message.to) ?? 0) + 1);
  const perRecipient = new Map<string, number>();
  for (const row of sent) perRecipient.set(row.recipient, (perRecipient.get(row.recipient) ?? 0) + 1);
  /** Recipients who got more messages than they have rows sent. */
  const doubled = [...counts].filter(([to, count]) => count > (perRecipient.get(to) ?? 0)).map(([to]) => to);
  const statuses = [...new Set(notSent.map((row) => `${row.status}${row.last_error ? ` (${row.last_error})` : ''}`))];
  return {
    sent,
    notSent,
    lost,
    unsettled,
    doubled,
    pass: notSent.length === 0 && lost.length === 0 && unsettled.length === 0 && doubled.length === 0,
    detail: `${sent.length} sent, ${mine.length} taken by the provider, ${doubled.length} numbers got one too many, ${unsettled.length} taken with no row saying so, ${lost.length} sent with no message taken, ${notSent.length} not sent${statuses.length ? ` (${statuses.slice(0, 3).join('; ')})` : ''}`,
  };
}

/**
 * The codes asked for during the load: each acknowledged one queued its SMS, and every SMS queued
 * then (by an acknowledged request or one whose answer the faults lost) went out, once.
 */
async function verifyLoadCodes(pool: pg.Pool, twilio: FakeTwilio, attempts: Attempt[]): Promise<Check[]> {
  const asked = attempts.filter((done) => done.kind === 'code');
  const recipients = asked.map((done) => done.id ?? '');
  const acknowledged = asked.filter((done) => done.outcome === 'ok').map((done) => done.id ?? '');
  const started = Date.now();
  const rows = await untilSettled(pool, recipients, SMS_WAIT_MS);
  const queued = new Set(rows.map((row) => row.recipient));
  const missing = acknowledged.filter((recipient) => !queued.has(recipient));
  const once = tally(rows, twilio.taken);
  log(`the load's SMS settled ${seconds(Date.now() - started)} after its checks`);
  return [
    {
      name: 'every acknowledged code request queued its SMS (outbox)',
      pass: acknowledged.length > 0 && missing.length === 0,
      detail: `${asked.length} asked for, ${acknowledged.length} answered success, ${rows.length} SMS queued (${rows.length - acknowledged.length + missing.length} by requests that failed), ${missing.length} missing`,
    },
    { name: 'every SMS queued during the load sent, once', pass: once.pass, detail: once.detail },
  ];
}

/**
 * "kill -9 between acceptance and delivery": with the provider down, codes are accepted and queued
 * (their first attempts fail); the provider then hangs, so a sender claims some of them and waits
 * on it; every instance (a sends on its schedule, b when a request it served queued a message) is
 * killed with -9, the one mid-send included. The provider recovers, both instances start again,
 * now both with the jobs, so two senders compete for the queue and for the dead one's claims once
 * their lease has passed. Each code must reach its number once, and sign it up.
 */
async function killBetweenAcceptanceAndDelivery(deps: {
  proxy: string;
  pool: pg.Pool;
  twilio: FakeTwilio;
  instances: Instance[];
}): Promise<Check[]> {
  const { pool, twilio, instances } = deps;
  const targets = Array.from({ length: SMS_CODES }, (_, index) => codeTarget(KILL_CODES, index));
  const recipients = targets.map((target) => target.e164);
  const names = instances.map((instance) => instance.name).join(' and ');
  const phase = Date.now();
  log(`deliveries: the SMS provider answers HTTP 500; ${SMS_CODES} codes asked for`);
  twilio.down('5xx');
  const answers = await Promise.all(
    targets.map((target) =>
      askCode(deps.proxy, target).catch((error: Error) => ({ code: -1, msg: error.message, data: null })),
    ),
  );
  const refused = answers.filter((answer) => answer.code !== SUCCESS_CODE);
  const accepted = await smsRows(pool, recipients);
  const allFailedOnce = await within(20_000, async () =>
    (await smsRows(pool, recipients)).every((row) => row.status === 'queued' && row.attempts >= 1 && row.last_error),
  );
  const beforeKill = await smsRows(pool, recipients);
  // Now a sender that claims a message waits on the provider (10 s) with its claim held: killed then.
  twilio.down('timeout');
  // A claim seen twice, half a second apart, is one waiting on the hanging provider (a claim made
  // just before, while it still answered 500, is settled within milliseconds).
  const claims = async () =>
    (
      await pool.query<{ claim: string }>(
        `select id || '@' || claimed_until as claim from outbox
         where recipient = any($1) and status = 'queued' and claimed_until > now()`,
        [recipients],
      )
    ).rows.map((row) => row.claim);
  const claimed = await within(20_000, async () => {
    const first = await claims();
    if (first.length === 0) return false;
    await sleep(500);
    return (await claims()).some((claim) => first.includes(claim));
  });
  await Promise.all(instances.map((instance) => instance.crash()));
  const killedAt = Date.now();
  const { rows: held } = await pool.query<{ id: number; recipient: string; claimed_until: Date }>(
    `select id, recipient, claimed_until from outbox where recipient = any($1) and status = 'queued' and claimed_until > now()`,
    [recipients],
  );
  const reachedEarly = twilio.taken.filter((message) => recipients.includes(message.to)).length;
  const failedAttempts = beforeKill.reduce((sum, row) => sum + row.attempts, 0);
  log(
    `  kill -9 of ${names}: ${accepted.length} SMS queued, ${failedAttempts} attempts failed (HTTP 500), ${held.length} held by a sender mid-send (lease until +${seconds(Math.max(0, ...held.map((row) => row.claimed_until.getTime() - killedAt)))}), ${reachedEarly} reached the provider`,
  );
  twilio.recover();
  await Promise.all(instances.map((instance) => instance.resume({ JOBS: '1' })));
  const restarted = Date.now();
  log(`  provider back, ${names} started again with the jobs in ${seconds(restarted - killedAt)}; waiting for the SMS`);
  const rows = await untilSettled(pool, recipients, SMS_WAIT_MS);
  const sentIn = (row: SmsRow) => (row.sent_at ? row.sent_at.getTime() - restarted : Number.NaN);
  const last = Math.max(0, ...rows.map(sentIn).filter(Number.isFinite));
  log(`  all settled ${seconds(Date.now() - restarted)} after the restart (last sent at +${seconds(last)})`);
  const once = tally(rows, twilio.taken);
  const exactlyOne = targets.filter((target) => twilio.to(target.e164).length === 1).length;

  // The dead sender's claims: nobody sends them again before their lease ends.
  const early = held.filter((claim) => {
    const row = rows.find((candidate) => candidate.id === claim.id);
    return !row?.sent_at || row.sent_at.getTime() < claim.claimed_until.getTime();
  });
  const afterLease = held
    .map((claim) => {
      const row = rows.find((candidate) => candidate.id === claim.id);
      return (row?.sent_at?.getTime() ?? Number.NaN) - claim.claimed_until.getTime();
    })
    .filter(Number.isFinite);

  // The codes work: each number signs up with the code its message carried.
  await proxyReady(deps.proxy);
  const signUps = await Promise.all(
    targets.map(async (target) => {
      const messages = twilio.to(target.e164);
      const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
      if (messages.length === 0 || !code) return false;
      const answer = await new Api(deps.proxy, target.address)
        .answer(endpoints.user.register, {
          account: target.typed,
          code,
          password: PASSWORD,
          repeatPassword: PASSWORD,
          agree: true,
        })
        .catch(() => undefined);
      return answer?.code === SUCCESS_CODE && answer.data?.user.account === target.e164;
    }),
  );
  const signedUp = signUps.filter(Boolean).length;
  log(`deliveries scenario done in ${seconds(Date.now() - phase)}`);
  return [
    {
      name: 'codes asked for while the SMS provider is down are accepted, queued, and fail their attempts',
      pass: refused.length === 0 && accepted.length === SMS_CODES && allFailedOnce && reachedEarly === 0,
      detail: `${answers.length - refused.length} of ${SMS_CODES} answered success${refused.length ? ` (${[...new Set(refused.map((answer) => `${answer.code} ${answer.msg}`))].join(' | ')})` : ''}, ${accepted.length} SMS queued, ${failedAttempts} attempts failed before the kill${allFailedOnce ? '' : ' (not every SMS was tried within 20 s)'}, ${reachedEarly} reached the provider`,
    },
    {
      name: 'kill -9 between acceptance and delivery: each code sent once after the restart',
      pass: once.pass && exactlyOne === SMS_CODES && reachedEarly === 0,
      detail: `${exactlyOne} of ${SMS_CODES} numbers got exactly one SMS, within ${seconds(last)} of the restart; ${once.detail}`,
    },
    {
      name: "a message the killed sender held is sent by another only after the claim's lease",
      pass: claimed && held.length > 0 && early.length === 0,
      detail: !claimed
        ? 'no sender claimed a message within 20 s of the provider hanging'
        : afterLease.length > 0
          ? `${held.length} held at the kill, sent ${seconds(Math.min(...afterLease))}–${seconds(Math.max(...afterLease))} after their lease ended, ${early.length} earlier or never`
          : `${held.length} held at the kill, none sent`,
    },
    {
      name: 'the code in each SMS signs its number up',
      pass: signedUp === SMS_CODES,
      detail: `${signedUp} of ${SMS_CODES} registered with the code they received`,
    },
  ];
}

/** Over the whole run: each SMS of the outbox reached its recipient once, and the provider took nothing else. */
async function everySmsOnce(pool: pg.Pool, twilio: FakeTwilio): Promise<Check> {
  const rows = await smsRows(pool);
  const once = tally(rows, twilio.taken);
  const strays =
    twilio.taken.length - twilio.taken.filter((message) => rows.some((row) => row.recipient === message.to)).length;
  return {
    name: 'no recipient got two messages for one outbox row (whole run)',
    pass: once.pass && strays === 0,
    detail: `${rows.length} SMS in the outbox; ${once.detail}; ${strays} to numbers with none`,
  };
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

/**
 * `npm run bench`: the server's figures on PostgreSQL, each against a bare baseline measured in
 * the same run (the same SQL hand-written on the same `pg` driver and pool, without the app).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { api, SUCCESS_CODE } from '@app/contracts';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { accrueDue } from '../apps/server/src/ledger/accrual.ts';
import { checkLedger } from '../apps/server/src/ledger/check.ts';
import { SYSTEM_ACTOR } from '../apps/server/src/modules/audit/service.ts';
import { prizesOf } from '../apps/server/src/modules/rank/service.ts';
import { bareAccrual, prepareAccrual } from './accrual.ts';
import { buildBaseline } from './baseline.ts';
import { benchConfig, createBenchDatabase } from './db.ts';
import { DELIVERY_MESSAGES, measureDeliveries } from './deliveries.ts';
import { DRAW_JACKPOT_STOCK, givePoints, jackpotCount, registerDrawBaseline, seedDrawCampaign } from './draws.ts';
import { ENTRY_TARGET_KB, measureEntrySize } from './entry-size.ts';
import {
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_TARGET,
  type LighthouseCategory,
  measureLighthouse,
  type PageScores,
} from './lighthouse.ts';
import { type LoadJob, type LoadResult, runLoad } from './load.ts';
import {
  bareBroadcast,
  insertReaders,
  MESSAGE_READERS,
  registerMessagesBaseline,
  seedMessageHistory,
  timeEach,
} from './messages.ts';
import { measureRank } from './rank.ts';
import { fundUsers, insertProduct, insertSessions, insertUsers } from './seed.ts';
import { registerTeamBaseline, seedTeam, TEAM_SIZES } from './team.ts';
import { BURST_BILL_CONNECTIONS, BURST_SIZE, measureWithdrawBurst } from './withdraw-burst.ts';

const env = process.env;
/** The row groups measured on a PostgreSQL database of their own; `entry` and `lighthouse` need none. */
const DATABASE_GROUPS = ['purchase', 'bill', 'withdraw-burst', 'accrual', 'team', 'rank', 'draw', 'messages'];
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const opts = {
  serverUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  users: num('BENCH_USERS', 1000),
  duration: num('BENCH_DURATION', 8),
  runs: num('BENCH_RUNS', 3),
  connections: num('BENCH_CONNECTIONS', 64),
  poolSize: num('BENCH_POOL', 20),
  holdings: num('BENCH_HOLDINGS', 1_000_000),
  holdingUsers: num('BENCH_HOLDING_USERS', 100_000),
  accrualFull: env.BENCH_ACCRUAL_FULL === '1',
  accrualBudget: num('BENCH_ACCRUAL_BUDGET_S', 90),
  only: (env.BENCH_ONLY ?? [...DATABASE_GROUPS, 'deliveries', 'entry', 'lighthouse'].join(',')).split(','),
  rankTeams: num('BENCH_RANK_TEAMS', 100_000),
  teamConnections: num('BENCH_TEAM_CONNECTIONS', 8),
  /** Messages queued and drained per run of the `deliveries` group. */
  deliveryMessages: num('BENCH_DELIVERY_MESSAGES', DELIVERY_MESSAGES),
  /** The stand-in provider's mean answer time in the `deliveries` group; 0: it answers at once. */
  providerLatencyMs: num('BENCH_PROVIDER_LATENCY_MS', 0),
  lighthouseRuns: num('BENCH_LIGHTHOUSE_RUNS', 5),
  /** Some of the Lighthouse pages, by the first word of their names (`home,wallet`); all of them if unset. */
  lighthousePages: env.BENCH_LIGHTHOUSE_PAGES?.split(','),
};

const OK = `{"code":${SUCCESS_CODE}`;
const log = (...args: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const round = (x: number, d = 0) => Math.round(x * 10 ** d) / 10 ** d;

interface Row {
  figure: string;
  value: number | null;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  target: string;
  pass: boolean | null;
  best?: number;
  baselineBest?: number;
  detail?: Record<string, unknown>;
}

async function main() {
  const started = Date.now();
  log('options', opts);
  const rows: Row[] = [];
  const extra: Record<string, unknown> = {};
  if (opts.only.some((group) => DATABASE_GROUPS.includes(group))) await measureOnDatabase(rows, extra);
  if (opts.only.includes('deliveries')) rows.push(await deliveriesRow(extra));
  if (opts.only.includes('entry')) rows.push(...entryRows());
  if (opts.only.includes('lighthouse')) {
    try {
      const pages = await measureLighthouse(opts.lighthouseRuns, opts.lighthousePages);
      extra.lighthouse = pages;
      rows.push(...lighthouseRows(pages));
    } catch (error) {
      log('lighthouse failed', error);
      rows.push({
        figure: `Lighthouse: ${(error as Error).message.split('\n')[0]}`,
        value: null,
        unit: '',
        baseline: null,
        ratio: null,
        target: `>= ${LIGHTHOUSE_TARGET} each`,
        pass: false,
      });
    }
  }

  printTable(rows);
  const out = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}` },
    options: opts,
    seconds: (Date.now() - started) / 1000,
    rows,
    ...extra,
  };
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'results/latest.json'), `${JSON.stringify(out, null, 2)}\n`);
  log(`done in ${round(out.seconds)} s; results in bench/results/latest.json`);
}

/** The server's figures, each against its bare baseline, on a database created and dropped here. */
async function measureOnDatabase(rows: Row[], extra: Record<string, unknown>) {
  const database = await createBenchDatabase(opts.serverUrl);
  log('database', database.name);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: dropping ${database.name}`);
      database.drop().finally(() => process.exit(130));
    });
  }
  let closeAll: () => Promise<void> = async () => {};
  try {
    const db = await openDatabase({ url: database.url, poolSize: opts.poolSize });
    const pool = (db.db as unknown as { $client: pg.Pool }).$client;
    const built = await buildApp({
      config: benchConfig(database.url, { JOBS: '0' }),
      database: db,
      logger: false,
    });
    const baseline = await buildBaseline(pool);
    registerTeamBaseline(baseline, pool);
    await registerDrawBaseline(baseline, pool);
    registerMessagesBaseline(baseline, pool);
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    closeAll = async () => {
      await built.app.close();
      await baseline.close();
      await db.close();
    };
    const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    const baseUrl = `http://127.0.0.1:${(baseline.server.address() as AddressInfo).port}`;

    log(`seeding ${opts.users} users with sessions and funded deposit wallets`);
    const firstUser = await insertUsers(pool, 'buyer-', opts.users);
    await fundUsers(pool, firstUser, opts.users, 1_000_000_000n);
    const tokens = await insertSessions(pool, firstUser, opts.users);
    const productId = await insertProduct(pool);
    await pool.query('analyze');

    /** Alternates app and baseline runs (so both see the same neighbours' noise); best and median. */
    async function compare(
      name: string,
      job: Omit<LoadJob, 'url' | 'tokens' | 'connections' | 'duration' | 'okPrefix'> &
        Partial<Pick<LoadJob, 'tokens' | 'connections'>>,
    ) {
      for (const url of [appUrl, baseUrl]) {
        const response = await fetch(url + job.path, {
          method: job.method,
          headers: {
            authorization: (job.tokens ?? tokens)[0] as string,
            ...(job.body ? { 'content-type': 'application/json' } : {}),
            ...(job.idempotent ? { 'idempotency-key': randomUUID() } : {}),
          },
          body: job.body,
        });
        const text = await response.text();
        log(`${name} sample ${url === appUrl ? 'app' : 'baseline'}: ${text.slice(0, 160)}`);
        if (!text.startsWith(OK)) throw new Error(`${name}: sample request failed: ${text}`);
      }
      const base = { tokens, connections: opts.connections, okPrefix: OK, ...job };
      log(`${name}: warm-up`);
      await runLoad({ ...base, url: appUrl, duration: 2 });
      await runLoad({ ...base, url: baseUrl, duration: 2 });
      // As autovacuum does once tables fill: statistics taken on the empty orders table would
      // leave the foreign-key checks on it scanning the whole table.
      await pool.query('analyze');
      const app: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let run = 0; run < opts.runs; run++) {
        for (const [target, list] of [
          [appUrl, app],
          [baseUrl, bare],
        ] as const) {
          const result = await runLoad({ ...base, url: target, duration: opts.duration });
          list.push(result);
          log(
            `${name} ${target === appUrl ? 'app     ' : 'baseline'} run ${run + 1}: ${round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, bad ${result.bad}/${result.checked}`,
            result.badSamples.length ? result.badSamples : '',
          );
        }
      }
      return { app, bare };
    }
    const summary = (results: LoadResult[]) => ({
      best: round(Math.max(...results.map((r) => r.rps))),
      median: round(median(results.map((r) => r.rps))),
      p50: median(results.map((r) => r.p50)),
      p99: median(results.map((r) => r.p99)),
      errors: results.reduce((n, r) => n + r.errors + r.bad, 0),
      requests: results.reduce((n, r) => n + r.requests, 0),
      runs: results.map((r) => round(r.rps)),
    });
    /** A table row for an HTTP figure: medians and bests of both sides, the paired ratio. */
    const httpRow = (
      figure: string,
      a: ReturnType<typeof summary>,
      b: ReturnType<typeof summary>,
      ratio: number,
      target: string,
      pass: boolean,
    ): Row => ({
      figure,
      value: a.median,
      best: a.best,
      baselineBest: b.best,
      unit: '/s',
      baseline: b.median,
      ratio,
      target,
      pass,
      detail: { app: a, baseline: b },
    });
    /** A table row for a latency quantile: the app's against the bare baseline's. */
    const latencyRow = (
      figure: string,
      quantile: 'p50' | 'p99',
      a: ReturnType<typeof summary>,
      b: ReturnType<typeof summary>,
      target: string,
      pass: boolean | null,
    ): Row => ({
      figure,
      value: a[quantile],
      unit: 'ms',
      baseline: b[quantile],
      ratio: b[quantile] ? a[quantile] / b[quantile] : null,
      target,
      pass,
      detail: { app: a, baseline: b },
    });

    if (opts.only.includes('purchase')) {
      const { app, bare } = await compare('purchase', {
        method: 'POST',
        path: '/api/v1/orders',
        body: JSON.stringify({ productId, quantity: 1 }),
        idempotent: api.products.purchase.idempotent,
      });
      const a = summary(app);
      const b = summary(bare);
      const paired = pairedRatio(app, bare);
      extra.purchase = { app: a, baseline: b, pairedRatios: paired.all };
      rows.push(
        httpRow('purchases/s over HTTP (1,000 users)', a, b, paired.median, '>= 2000/s', a.median >= 2000),
        httpRow('purchases: app / bare baseline', a, b, paired.median, '>= 70%', paired.median >= 0.7),
      );
      rows.push({
        figure: `purchase errors (non-${SUCCESS_CODE} or non-2xx)`,
        value: a.errors,
        unit: '',
        baseline: b.errors,
        ratio: null,
        target: '0',
        pass: a.errors === 0,
      });
    }

    if (opts.only.includes('bill')) {
      await pool.query('analyze'); // as autovacuum would after the purchases' inserts
      const { rows: hist } = await pool.query(
        `select round(count(*)::numeric / $2, 1)::float as lines from journal_lines l join ledger_accounts a on a.id = l.account_id
         where a.user_id between $1 and $1 + $2 - 1`,
        [firstUser, opts.users],
      );
      log(`bill: users have ${hist[0].lines} journal lines each on average`);
      const { app, bare } = await compare('bill', { method: 'GET', path: '/api/v1/bill' });
      const a = summary(app);
      const b = summary(bare);
      const paired = pairedRatio(app, bare);
      extra.bill = { app: a, baseline: b, pairedRatios: paired.all, journalLinesPerUser: hist[0].lines };
      rows.push(
        httpRow(
          `GET /bill req/s (${hist[0].lines} lines/user)`,
          a,
          b,
          paired.median,
          '>= 60% of one SELECT',
          paired.median >= 0.6,
        ),
      );
    }

    if (opts.only.includes('withdraw-burst')) {
      // Other users' bills, idle and with one user's burst of withdrawals in flight, alternately.
      const m = await measureWithdrawBurst({
        built,
        pool,
        appUrl,
        tokens,
        runs: opts.runs,
        duration: opts.duration,
        okPrefix: OK,
        log,
      });
      const idleP99 = median(m.idle.map((r) => r.p99));
      const burstP99 = median(m.burst.map((r) => r.p99));
      const ratio = idleP99 ? round(burstP99 / idleP99, 2) : null;
      extra.withdrawBurst = { ...m, idleP99, burstP99, ratio };
      rows.push({
        figure: `GET /bill p99, ${BURST_BILL_CONNECTIONS} connections, with one user's bursts of ${BURST_SIZE} withdrawals (one a second)`,
        value: burstP99,
        unit: 'ms',
        baseline: idleP99,
        ratio,
        target: '<= 300% (3x idle)',
        pass: ratio !== null && ratio <= 3,
        detail: { answers: m.answers, bursts: m.bursts, slowestWithdrawal: m.slowestWithdrawal },
      });
    }

    if (opts.only.includes('team')) {
      const members = TEAM_SIZES.reduce((sum, size) => sum + size, 0).toLocaleString('en');
      log(`team: seeding a leader with ${members} members over three levels`);
      const seedStart = Date.now();
      const { token } = await seedTeam(pool, db.db, built.ledger);
      await pool.query('analyze');
      log(`team: seeded in ${round((Date.now() - seedStart) / 1000, 1)} s`);
      // Latency at a few connections: what one user waits for, not how long a queue of 64 takes.
      const load = { method: 'GET' as const, tokens: [token], connections: opts.teamConnections };
      for (const [figure, path] of [
        ['GET /team', '/api/v1/team'],
        ['GET /team/members?level=1', '/api/v1/team/members?level=1'],
      ] as const) {
        const { app, bare } = await compare(figure, { ...load, path });
        const a = summary(app);
        const b = summary(bare);
        extra[figure] = { app: a, baseline: b, members, connections: opts.teamConnections };
        const name = (quantile: string) =>
          `${figure} ${quantile} latency, ${members} members (${opts.teamConnections} connections)`;
        rows.push(
          latencyRow(name('p50'), 'p50', a, b, '-', null),
          latencyRow(name('p99'), 'p99', a, b, '<= 20 ms', a.p99 <= 20),
        );
      }
    }

    if (opts.only.includes('draw')) {
      await givePoints(pool, firstUser, opts.users, 1_000_000_000n);
      const { campaignId, jackpotId } = await seedDrawCampaign(built);
      await pool.query('analyze');
      const { app, bare } = await compare('draw', {
        method: 'POST',
        path: `/api/v1/draws/${campaignId}/draw`,
        body: '{}',
        idempotent: api.draws.draw.idempotent,
      });
      const a = summary(app);
      const b = summary(bare);
      const paired = pairedRatio(app, bare);
      const jackpot = await jackpotCount(pool, jackpotId);
      log('draw: jackpot', { stock: DRAW_JACKPOT_STOCK, ...jackpot });
      extra.draw = {
        app: a,
        baseline: b,
        pairedRatios: paired.all,
        jackpot: { stock: DRAW_JACKPOT_STOCK, ...jackpot },
      };
      rows.push(
        httpRow('draws/s over HTTP (1,000 users)', a, b, paired.median, '>= 1500/s', a.median >= 1500),
        httpRow('draws: app / bare baseline', a, b, paired.median, '>= 70%', paired.median >= 0.7),
        {
          figure: `draw jackpot oversold (stock ${DRAW_JACKPOT_STOCK}, won ${jackpot.won}, left ${jackpot.left})`,
          value: jackpot.oversold,
          unit: '',
          baseline: null,
          ratio: null,
          target: '0',
          pass: jackpot.oversold === 0,
        },
        {
          figure: `draw errors (non-${SUCCESS_CODE} or non-2xx)`,
          value: a.errors,
          unit: '',
          baseline: b.errors,
          ratio: null,
          target: '0',
          pass: a.errors === 0,
        },
      );
    }

    if (opts.only.includes('messages')) {
      const readers = MESSAGE_READERS.toLocaleString('en');
      log(`messages: seeding ${readers} readers and the measured users' message history`);
      const seedStart = Date.now();
      await insertReaders(pool, MESSAGE_READERS);
      await seedMessageHistory(pool, firstUser, opts.users);
      await pool.query('analyze');
      log(`messages: seeded in ${round((Date.now() - seedStart) / 1000, 1)} s`);
      const message = { title: { en: 'Maintenance tonight' }, body: { en: 'From 23:00 to 23:30.' } };
      const sends = await timeEach(opts.runs, () =>
        built.services.messages.broadcast({ ...message, audience: 'all' }, SYSTEM_ACTOR),
      );
      const bareSends = await timeEach(opts.runs, () => bareBroadcast(pool));
      const [sendSeconds, bareSeconds] = [median(sends), median(bareSends)];
      log('messages: broadcast seconds', { app: sends, bare: bareSends });
      extra.broadcast = { app: sends, baseline: bareSends };
      rows.push({
        figure: `broadcast to everyone (${readers}+ users): time to send (s)`,
        value: round(sendSeconds, 3),
        unit: 's',
        baseline: round(bareSeconds, 3),
        ratio: sendSeconds ? bareSeconds / sendSeconds : null,
        target: '<= 1 s',
        pass: sendSeconds <= 1,
        detail: { app: sends, baseline: bareSends },
      });
      const figure = 'GET /messages (with unread count)';
      const { app, bare } = await compare(figure, {
        method: 'GET',
        path: '/api/v1/messages?limit=20',
        connections: opts.teamConnections,
      });
      const a = summary(app);
      const b = summary(bare);
      extra.messages = { app: a, baseline: b, readers: MESSAGE_READERS, connections: opts.teamConnections };
      const name = (quantile: string) =>
        `${figure} ${quantile} latency, ${readers} readers (${opts.teamConnections} connections)`;
      rows.push(
        latencyRow(name('p50'), 'p50', a, b, '-', null),
        latencyRow(name('p99'), 'p99', a, b, '<= 20 ms', a.p99 <= 20),
      );
    }

    if (opts.only.includes('accrual')) {
      // 100,000 holdings always; 1,000,000 when forced or when the 100,000 run projects to fit the budget.
      const workers = built.config.ACCRUAL_WORKERS;
      const small = await measureAccrual(
        db,
        built.ledger,
        pool,
        100_000,
        10_000,
        new Date('2020-01-06T00:00:00Z'),
        workers,
      );
      extra.accrual100k = small;
      rows.push(...accrualRows(small));
      const projected = small.firstSeconds * (opts.holdings / 100_000);
      if (opts.holdings > 100_000 && (opts.accrualFull || projected <= opts.accrualBudget)) {
        const full = await measureAccrual(
          db,
          built.ledger,
          pool,
          opts.holdings,
          opts.holdingUsers,
          new Date('2019-12-02T00:00:00Z'),
          workers,
        );
        extra.accrualFull = full;
        rows.push(...accrualRows(full));
      } else if (opts.holdings > 100_000) {
        const note = `accrual of ${opts.holdings.toLocaleString('en')} skipped: projected ${round(projected)} s from the 100,000 run > budget ${opts.accrualBudget} s (BENCH_ACCRUAL_FULL=1 forces it)`;
        log(note);
        extra.accrualFull = { skipped: note };
        rows.push({
          figure: `accrual of ${opts.holdings.toLocaleString('en')} holdings (s)`,
          value: null,
          unit: 's',
          baseline: null,
          ratio: null,
          target: '<= 20 s',
          pass: null,
          detail: { skipped: note, projectedSeconds: projected },
        });
      }
    }

    if (opts.only.includes('rank')) {
      log(`rank: ${opts.rankTeams} named teams with points in two ended cycles`);
      const rank = await measureRank(
        pool,
        opts.rankTeams,
        new Date('2020-03-02T00:00:00Z'),
        (cycleId) => built.services.rank.settle(cycleId, SYSTEM_ACTOR),
        prizesOf(await built.services.config.all()),
      );
      log('rank', rank);
      extra.rank = rank;
      const once = rank.app.teams === opts.rankTeams && rank.app.entries > 0 && rank.repeatEntries === 0;
      rows.push({
        figure: `team rank settlement of ${opts.rankTeams.toLocaleString('en')} teams (s)`,
        value: rank.appSeconds,
        unit: 's',
        baseline: rank.bareSeconds,
        ratio: rank.bareSeconds / rank.appSeconds,
        target: '<= 10 s, prizes paid once',
        pass: rank.appSeconds <= 10 && once,
        detail: { repeatSeconds: rank.repeatSeconds, setupSeconds: rank.setupSeconds },
      });
    }

    // The app's own invariant check, as a correctness guard on what the benchmark wrote; bounded in time.
    log('checking the ledger invariants');
    await pool.query('analyze');
    const checkStart = Date.now();
    const limitS = num('BENCH_CHECK_TIMEOUT_S', 240);
    const check = await Promise.race([
      checkLedger(db.db),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), limitS * 1000).unref()),
    ]);
    const checkSeconds = (Date.now() - checkStart) / 1000;
    if (!check) {
      await pool.query(
        'select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      extra.ledgerCheck = { ok: null, timedOut: true, seconds: checkSeconds };
      log(`ledger check did not finish within ${limitS} s; cancelled`);
    } else {
      extra.ledgerCheck = { ok: check.ok, violations: check.violations.slice(0, 5), seconds: checkSeconds };
      log(`ledger check ok=${check.ok} in ${round(checkSeconds, 1)} s`, check.violations.slice(0, 3));
    }
    rows.push({
      figure: 'ledger invariants (checkLedger) after the run',
      value: checkSeconds,
      unit: 's',
      baseline: null,
      ratio: null,
      target: 'ok',
      pass: check ? check.ok : null,
    });
  } finally {
    await closeAll().catch((error) => log('close failed', error));
    await database.drop().catch((error) => log('drop failed', error));
  }
}

/**
 * Queued SMS sent per second by the `deliveries` job to a stand-in Twilio, on a database of its own,
 * against the same HTTP calls through the same transport without the queue (`deliveries.ts`).
 */
async function deliveriesRow(extra: Record<string, unknown>): Promise<Row> {
  const scale = opts.deliveryMessages.toLocaleString('en');
  const row = {
    figure: `queued SMS delivered/s to a stand-in Twilio (${scale} messages)`,
    unit: '/s',
    target: '>= 80%',
  };
  try {
    const m = await measureDeliveries({
      serverUrl: opts.serverUrl,
      poolSize: opts.poolSize,
      runs: opts.runs,
      messages: opts.deliveryMessages,
      latencyMs: opts.providerLatencyMs,
      log,
    });
    extra.deliveries = m;
    const ratio = median(m.ratios);
    return {
      ...row,
      figure: `${row.figure}, ${m.concurrency} in flight${m.latencyMs ? `, answers in ~${m.latencyMs} ms` : ''}`,
      value: median(m.app.map((r) => r.rate)),
      best: Math.max(...m.app.map((r) => r.rate)),
      baseline: median(m.bare.map((r) => r.rate)),
      baselineBest: Math.max(...m.bare.map((r) => r.rate)),
      ratio,
      pass: ratio >= 0.8,
      detail: {
        app: m.app,
        baseline: m.bare,
        pairedRatios: m.ratios,
        queueSeconds: m.queueSeconds,
        concurrency: m.concurrency,
        providerLatencyMs: m.latencyMs,
      },
    };
  } catch (error) {
    log('deliveries failed', error);
    return {
      ...row,
      figure: `deliveries: ${(error as Error).message.split('\n')[0]}`,
      value: null,
      baseline: null,
      ratio: null,
      pass: false,
    };
  }
}

/** One row per page and category: its score out of 100 against the issue's target. */
/** The web app's first download, read from its last build (`npm run build`). */
function entryRows(): Row[] {
  const row = { unit: 'KB', baseline: null, ratio: null, target: `<= ${ENTRY_TARGET_KB} KB` };
  try {
    const size = measureEntrySize();
    log('web app entry', size);
    return [
      {
        ...row,
        figure: 'Web app: JavaScript before the first screen (gzip)',
        value: size.entryKb,
        pass: size.entryKb <= ENTRY_TARGET_KB,
        detail: { files: size.files },
      },
      { ...row, figure: 'Web app: with the home route (gzip)', value: size.homeKb, target: '', pass: null },
    ];
  } catch (error) {
    return [{ ...row, figure: `Web app entry: ${(error as Error).message}`, value: null, pass: false }];
  }
}

/**
 * Each page's three scores over https (how a phone reaches production, which the targets apply to),
 * each followed by the same page's score over plain HTTP/1.1, without a target.
 */
function lighthouseRows(pages: PageScores[]): Row[] {
  const row = (page: PageScores, category: LighthouseCategory): Row => {
    const targeted = page.transport === 'https';
    return {
      figure: `Lighthouse mobile, ${page.name}${targeted ? '' : ', plain HTTP/1.1'}: ${category}`,
      value: page.scores[category],
      unit: '',
      baseline: null,
      ratio: null,
      target: targeted ? `>= ${LIGHTHOUSE_TARGET}` : '-',
      pass: targeted ? page.scores[category] >= LIGHTHOUSE_TARGET : null,
      detail: category === 'performance' ? { runs: page.performanceRuns, metrics: page.metrics } : undefined,
    };
  };
  const over = (transport: PageScores['transport']) => pages.filter((page) => page.transport === transport);
  const plain = over('http');
  // Pages measured over plain HTTP/1.1 only (none today) keep their rows too, after the others.
  const alone = plain.filter((page) => !pages.some((p) => p.transport === 'https' && p.name === page.name));
  return [
    ...over('https').flatMap((page) => {
      const beside = plain.find((p) => p.name === page.name);
      return LIGHTHOUSE_CATEGORIES.flatMap((category) => [
        row(page, category),
        ...(beside ? [row(beside, category)] : []),
      ]);
    }),
    ...alone.flatMap((page) => LIGHTHOUSE_CATEGORIES.map((category) => row(page, category))),
  ];
}

/** Each app run is followed by its baseline run; the ratio is the median of those pairs' ratios. */
function pairedRatio(app: LoadResult[], bare: LoadResult[]) {
  const all = app.map((result, i) => result.rps / (bare[i]?.rps ?? Number.NaN));
  return { all: all.map((x) => round(x, 3)), median: median(all) };
}

interface AccrualMeasure {
  holdings: number;
  users: number;
  setupSeconds: number;
  firstSeconds: number;
  repeatSeconds: number;
  bareSeconds: number;
  first: Awaited<ReturnType<typeof accrueDue>>;
  repeat: Awaited<ReturnType<typeof accrueDue>>;
  accrualsAfterFirst: number;
  accrualsAfterRepeat: number;
  bareAccruals: number;
  journalEntries: { app: number; bare: number };
}

async function measureAccrual(
  db: Awaited<ReturnType<typeof openDatabase>>,
  ledger: Awaited<ReturnType<typeof buildApp>>['ledger'],
  pool: pg.Pool,
  holdings: number,
  users: number,
  t0: Date,
  workers: number,
): Promise<AccrualMeasure> {
  log(`accrual: inserting 2 x ${holdings} holdings over ${users} users`);
  const setupStart = performance.now();
  const { appSet, baseSet } = await prepareAccrual(pool, holdings, users, t0);
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(`accrual: setup took ${round(setupSeconds, 1)} s`);
  const count = async (product: number) =>
    Number(
      (
        await pool.query(
          'select count(*) from accruals a join holdings h on h.id = a.holding_id where h.product_id = $1',
          [product],
        )
      ).rows[0].count,
    );
  let start = performance.now();
  const first = await accrueDue(db.db, ledger, appSet.dueAt, { workers });
  const firstSeconds = (performance.now() - start) / 1000;
  log(`accrual ${holdings} app first run: ${round(firstSeconds, 2)} s`, first);
  const accrualsAfterFirst = await count(appSet.productId);
  start = performance.now();
  const repeat = await accrueDue(db.db, ledger, appSet.dueAt, { workers });
  const repeatSeconds = (performance.now() - start) / 1000;
  const accrualsAfterRepeat = await count(appSet.productId);
  log(
    `accrual ${holdings} app repeat: ${round(repeatSeconds, 3)} s`,
    repeat,
    `accruals ${accrualsAfterFirst} -> ${accrualsAfterRepeat}`,
  );
  start = performance.now();
  const bareCount = await bareAccrual(pool, baseSet.dueAt);
  const bareSeconds = (performance.now() - start) / 1000;
  log(`accrual ${holdings} bare baseline: ${round(bareSeconds, 2)} s for ${bareCount} holdings`);
  const bareAccruals = await count(baseSet.productId);
  const { rows: entries } = await pool.query(
    `select count(*) filter (where created_at = $1)::int as app, count(*) filter (where created_at = $2)::int as bare
     from journal_entries where type = 'product_profit'`,
    [appSet.dueAt, baseSet.dueAt],
  );
  return {
    holdings,
    users,
    setupSeconds,
    firstSeconds,
    repeatSeconds,
    bareSeconds,
    first,
    repeat,
    accrualsAfterFirst,
    accrualsAfterRepeat,
    bareAccruals,
    journalEntries: entries[0],
  };
}

function accrualRows(m: AccrualMeasure): Row[] {
  const scale = m.holdings.toLocaleString('en');
  const limit = (20 * m.holdings) / 1_000_000;
  const appRate = m.first.cycles / m.firstSeconds;
  const bareRate = m.bareAccruals / m.bareSeconds;
  return [
    {
      figure: `accrual of ${scale} holdings (s)`,
      value: m.firstSeconds,
      unit: 's',
      baseline: m.bareSeconds,
      ratio: m.bareSeconds / m.firstSeconds,
      target: m.holdings >= 1_000_000 ? '<= 20 s' : `<= ${limit} s (20 s scaled)`,
      pass: m.firstSeconds <= limit && m.accrualsAfterFirst === m.holdings,
    },
    {
      figure: `accrual holding-cycles/s (${scale})`,
      value: appRate,
      unit: '/s',
      baseline: bareRate,
      ratio: appRate / bareRate,
      target: '>= 50,000/s',
      pass: appRate >= 50_000,
    },
    {
      figure: `accrual repeat, same hour (${scale})`,
      value: m.repeatSeconds,
      unit: 's',
      baseline: m.firstSeconds,
      ratio: m.repeatSeconds / m.firstSeconds,
      target: '<= 10% of first, inserts 0',
      pass:
        m.repeatSeconds / m.firstSeconds <= 0.1 &&
        m.accrualsAfterRepeat === m.accrualsAfterFirst &&
        m.repeat.cycles === 0,
    },
  ];
}

function printTable(rows: Row[]) {
  const fmt = (x: number | null, unit = '') =>
    x === null
      ? '-'
      : `${x >= 100 ? Math.round(x).toLocaleString('en') : round(x, x >= 1 ? 2 : 3)}${unit === 's' ? ' s' : ''}`;
  const table = rows.map((row) => [
    row.figure,
    fmt(row.value, row.unit) + (row.best === undefined ? '' : ` (best ${fmt(row.best)})`),
    fmt(row.baseline, row.unit) + (row.baselineBest === undefined ? '' : ` (best ${fmt(row.baselineBest)})`),
    (row.ratio === null ? '-' : `${round(row.ratio * 100, 1)}%`) +
      (row.best !== undefined && row.baselineBest ? ` (best ${round((row.best / row.baselineBest) * 100, 1)}%)` : ''),
    row.target,
    row.pass === null ? '-' : row.pass ? 'PASS' : 'FAIL',
  ]);
  console.log(
    '\nvalue and baseline: median of the runs (best in brackets), HTTP figures in requests/s; HTTP ratio: median of the' +
      ' ratios of each app run to the baseline run right after it (best app / best baseline in brackets)',
  );
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of table) console.log(line(r));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

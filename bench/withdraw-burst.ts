import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { api, buildPath, endpointBase } from '@app/contracts';
import type pg from 'pg';
import type { buildApp } from '../apps/server/src/app.ts';
import { hashSecret } from '../apps/server/src/security.ts';
import { type LoadResult, runLoad } from './load.ts';
import { insertSessions, insertUsers } from './seed.ts';

/** The burst: one user's withdrawals sent at once, a new one every BURST_EVERY_MS. */
export const BURST_SIZE = 300;
export const BURST_EVERY_MS = 1000;
/** Other users' bills are loaded this gently: the figure is their latency, not the server's ceiling. */
export const BURST_BILL_CONNECTIONS = 4;
const PAY_PASSWORD = '246810';

type Built = Awaited<ReturnType<typeof buildApp>>;

export interface BurstMeasure {
  idle: LoadResult[];
  burst: LoadResult[];
  /** Withdrawal answers during the burst runs, by code. */
  answers: Record<string, number>;
  /** Bursts of BURST_SIZE sent during the burst runs. */
  bursts: number;
  /** The slowest withdrawal answer, ms. */
  slowestWithdrawal: number;
}

/**
 * Other users' `GET /bill` p99 idle and with one user's BURST_SIZE withdrawals in flight, in the
 * same run (alternating). The burst user has a payment password, a payout account and an income
 * balance of the minimum, and asks for twice the minimum: every request passes the rules, so it
 * reaches the payment password and the income wallet's lock (the worst case; a user with nothing
 * is refused by the rules, before either) and is refused for the balance. Withdrawals are opened
 * every day, all day, with no daily count, for the run.
 */
export async function measureWithdrawBurst(options: {
  built: Built;
  pool: pg.Pool;
  appUrl: string;
  /** Other users' sessions, for their bills. */
  tokens: string[];
  runs: number;
  duration: number;
  okPrefix: string;
  log: (...args: unknown[]) => void;
}): Promise<BurstMeasure> {
  const { built, pool, appUrl, log } = options;
  const services = built.services;
  const actor = { adminId: null, ip: '' };
  await services.config.update(
    {
      withdraw_days: [0, 1, 2, 3, 4, 5, 6],
      withdraw_hours: { from: '00:00', to: '23:59' },
      withdraw_daily_count: 1_000_000,
      payout_account_approval: false,
    },
    actor,
  );
  const min = await services.config.get('withdraw_min');
  const userId = await insertUsers(pool, 'burst-', 1);
  const [token] = await insertSessions(pool, userId, 1);
  if (!token) throw new Error('withdraw-burst: no session');
  await pool.query('update users set pay_password_hash = $2 where id = $1', [userId, await hashSecret(PAY_PASSWORD)]);
  await services.admins.ensureOwner('bench-owner@example.com', 'bench-owner-password-1');
  const [owner] = await services.admins.list();
  if (!owner) throw new Error('withdraw-burst: no owner');
  await services.adjustments.adjust(
    userId,
    { wallet: 'income', amount: min, reason: 'bench' },
    { adminId: owner.id, ip: '' },
  );
  const account = await services.payoutAccounts.add(
    userId,
    { type: 'bank', holderName: 'Bench Burst', accountNumber: '0123456789', bankName: 'GTBank' },
    'en',
  );
  const url = `${appUrl}${endpointBase(api.cash.withdraw)}${buildPath(api.cash.withdraw.path, {})}`;
  const body = JSON.stringify({ accountId: account.id, amount: String(Number(min) * 2), payPassword: PAY_PASSWORD });
  const answers: Record<string, number> = {};
  let slowestWithdrawal = 0;
  const withdraw = async () => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body,
    });
    const { code } = (await response.json()) as { code: number };
    slowestWithdrawal = Math.max(slowestWithdrawal, performance.now() - started);
    return code;
  };
  const sample = await withdraw();
  log(`withdraw-burst: a sample withdrawal answers ${sample}`);

  const bills = {
    url: appUrl,
    method: 'GET' as const,
    path: '/api/v1/bill',
    tokens: options.tokens,
    connections: BURST_BILL_CONNECTIONS,
    okPrefix: options.okPrefix,
  };
  await runLoad({ ...bills, duration: 2 });
  const idle: LoadResult[] = [];
  const burst: LoadResult[] = [];
  let bursts = 0;
  for (let run = 0; run < options.runs; run++) {
    const quiet = await runLoad({ ...bills, duration: options.duration });
    idle.push(quiet);
    log(
      `withdraw-burst idle  run ${run + 1}: bill p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, ${Math.round(quiet.rps)}/s`,
    );
    const sender = sendBursts({
      url,
      token,
      body,
      size: BURST_SIZE,
      everyMs: BURST_EVERY_MS,
      duration: options.duration,
    });
    // The first burst is in flight before the bills are timed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const loaded = await runLoad({ ...bills, duration: options.duration });
    const sent = await sender;
    bursts += sent.bursts;
    slowestWithdrawal = Math.max(slowestWithdrawal, sent.slowest);
    for (const [code, n] of Object.entries(sent.answers)) answers[code] = (answers[code] ?? 0) + n;
    burst.push(loaded);
    log(
      `withdraw-burst burst run ${run + 1}: bill p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${Math.round(loaded.rps)}/s; answers so far`,
      answers,
    );
  }
  return { idle, burst, answers, bursts, slowestWithdrawal: Math.round(slowestWithdrawal) };
}

interface BurstJob {
  url: string;
  token: string;
  body: string;
  size: number;
  everyMs: number;
  duration: number;
}

/** The bursts, sent from a child process (`burstgen.mjs`) so the sender has its own event loop. */
function sendBursts(job: BurstJob): Promise<{ answers: Record<string, number>; bursts: number; slowest: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, 'burstgen.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (message) => {
      answered = true;
      resolve(message as { answers: Record<string, number>; bursts: number; slowest: number });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`burst sender exited with ${code}`));
    });
    child.send(job);
  });
}

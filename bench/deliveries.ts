/**
 * The `deliveries` group: queued SMS delivered per second by the app's `deliveries` job to a
 * stand-in Twilio over real HTTP on 127.0.0.1, against the bare rate of the same HTTP calls through
 * the same transport at the same concurrency without the queue (no database at all).
 *
 * The stand-in (`FakeTwilio`, apps/server/test/fake-sms.ts) runs in a child process: on this 2-core
 * machine it gets a core of its own, as a provider answers from machines of its own. In the bench's
 * own process it would add the same server work to both sides' event loop and so pull the ratio
 * towards 100 %, hiding part of what the queue costs. It answers at once unless
 * BENCH_PROVIDER_LATENCY_MS is set: then the sender waits on the provider, as it does in production,
 * rather than on its own CPU.
 *
 * Each run queues the messages anew (verification codes to distinct numbers, sealed as a server
 * deployment keeps them; not timed), times `deliveries.run()` draining them, and checks that every
 * row is `sent` once and the stand-in took each message once with its code written in. The bare run
 * sends the same messages, codes already written in, through the same `TwilioSms` instance.
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildApp, messageTransports } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { codeMessage, HIDDEN_CODE, type OutgoingMessage } from '../apps/server/src/notify/notifier.ts';
import type { Deliverable, Transport } from '../apps/server/src/notify/transport.ts';
import { benchConfig, createBenchDatabase } from './db.ts';
import { digestOf, type StandInCommand, type StandInCount, type StandInReady } from './sms-standin.ts';

export const DELIVERY_MESSAGES = 10_000;
/** Queued in transactions of this many, as bursts of sign-ups would queue them. */
const QUEUE_TRANSACTION = 1_000;

/** The stand-in Twilio in its child process, driven over IPC. */
async function startStandIn(latencyMs: number) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'sms-standin.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, STANDIN_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<StandInReady>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { ready: StandInReady }).ready));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  let nextId = 0;
  const ask = <Answer>(command: StandInCommand['command']) =>
    new Promise<Answer>((resolve, reject) => {
      const id = ++nextId;
      const gone = (code: number | null) => reject(new Error(`the stand-in exited with ${code}`));
      const listen = (message: { id: number } & Answer) => {
        if (message.id !== id) return;
        child.off('message', listen);
        child.off('exit', gone);
        resolve(message);
      };
      child.on('message', listen);
      child.once('exit', gone);
      child.send({ id, command } satisfies StandInCommand);
    });
  return {
    ...ready,
    pid: child.pid,
    reset: () => ask<object>('reset'),
    count: async () => (await ask<{ count: StandInCount }>('count')).count,
    async close() {
      if (child.exitCode === null && child.connected) await ask<object>('close');
      child.kill();
    },
    kill: () => child.kill(),
  };
}

export interface DeliveryRunMeasure {
  seconds: number;
  rate: number;
  /** CPU seconds of the bench's process (the sender) during the run. */
  cpuSeconds: number;
  /** The machine's load average over the last minute, at the end of the run. */
  load: number;
}

export interface DeliveryMeasure {
  messages: number;
  concurrency: number;
  latencyMs: number;
  queueSeconds: number[];
  app: DeliveryRunMeasure[];
  bare: DeliveryRunMeasure[];
  /** Each app run's rate over the bare run right after it. */
  ratios: number[];
}

/** Verification codes to distinct numbers, sealed as a server deployment queues them. */
function messagesOf(count: number, expiresAt: Date) {
  return Array.from({ length: count }, (_, i) => {
    const recipient = `+23480${String(i).padStart(8, '0')}`;
    const value = String(100_000 + ((i * 7919) % 900_000));
    const message: OutgoingMessage = {
      ...codeMessage('sms', recipient, 'en', 10),
      code: { value, id: i + 1, purpose: 'register', expiresAt },
    };
    return message;
  });
}

/** Each message as the transport sends it: its code written in, as `Deliveries` does. */
const deliverableOf = (message: OutgoingMessage, id: number): Deliverable => ({
  id,
  channel: message.channel,
  recipient: message.recipient,
  subject: message.subject,
  body: message.code ? message.body.replaceAll(HIDDEN_CODE, message.code.value) : message.body,
});

/** The bare baseline: the same calls through `transport`, `concurrency` in flight, nothing else. */
async function bareSend(transport: Transport, deliverables: Deliverable[], concurrency: number): Promise<number> {
  let next = 0;
  let accepted = 0;
  const sender = async () => {
    for (let index = next++; index < deliverables.length; index = next++) {
      const { providerId } = await transport.deliver(deliverables[index] as Deliverable);
      if (providerId) accepted++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return accepted;
}

const timed = async <T>(work: () => Promise<T>) => {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const value = await work();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  return { value, seconds, cpuSeconds: (used.user + used.system) / 1e6, load: os.loadavg()[0] as number };
};

export async function measureDeliveries(options: {
  serverUrl: string;
  poolSize: number;
  runs: number;
  messages: number;
  /** The stand-in's mean answer time (0: at once). */
  latencyMs: number;
  log: (...args: unknown[]) => void;
}): Promise<DeliveryMeasure> {
  const { log, messages: count } = options;
  const standIn = await startStandIn(options.latencyMs);
  const database = await createBenchDatabase(options.serverUrl, 'bench_deliveries');
  log('deliveries: database', database.name, 'stand-in Twilio', standIn.url, `(pid ${standIn.pid})`);
  const onSignal = (signal: string) => {
    log(`${signal}: dropping ${database.name}`);
    standIn.kill();
    database.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const db = await openDatabase({ url: database.url, poolSize: options.poolSize });
  let closeApp = async () => {};
  try {
    const config = benchConfig(database.url, { JOBS: '0', ...standIn.env });
    const transports = messageTransports(config);
    const transport = transports.sms;
    if (!transport) throw new Error('deliveries: no SMS transport configured');
    const built = await buildApp({ config, database: db, logger: false, transports, deliverOnCommit: false });
    closeApp = () => built.app.close();
    const { notifier, deliveries } = built.services;
    const all = messagesOf(count, new Date(built.clock.now().getTime() + 3_600_000));
    const deliverables = all.map(deliverableOf);
    // The bare sends keep as many in flight as the app's sender does.
    const concurrency = deliveries.concurrency;

    /** An empty outbox, then `messages` queued through Notifier.enqueue, as the app queues them. */
    const queue = async (messages: OutgoingMessage[]) => {
      const start = performance.now();
      await db.db.execute('truncate outbox');
      for (let from = 0; from < messages.length; from += QUEUE_TRANSACTION) {
        await db.db.transaction(async (tx) => {
          for (const message of messages.slice(from, from + QUEUE_TRANSACTION)) await notifier.enqueue(tx, message);
        });
      }
      await db.db.execute('vacuum analyze outbox');
      const seconds = (performance.now() - start) / 1000;
      // What the queueing left behind (its garbage, the server's writes) is not the run's to pay.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return seconds;
    };
    /** The stand-in took each message once, as its recipient should read it (its code written in). */
    const checkStandIn = async (expected: Deliverable[], side: string) => {
      const got = await standIn.count();
      const n = expected.length;
      const digest = digestOf(expected.map((message) => ({ to: message.recipient, body: message.body })));
      if (got.answered !== n || got.taken !== n || got.recipients !== n || got.bodies !== n || got.digest !== digest) {
        throw new Error(`deliveries ${side}: the stand-in took ${JSON.stringify(got)}, expected ${n} distinct`);
      }
    };
    const appRun = async (messages: OutgoingMessage[]) => {
      const queueSeconds = await queue(messages);
      await standIn.reset();
      const run = await timed(() => deliveries.run());
      const expected = messages.length;
      if (run.value.sent !== expected || run.value.retried || run.value.failed) {
        throw new Error(`deliveries app: run() answered ${JSON.stringify(run.value)}, expected ${expected} sent`);
      }
      const { rows } = (await db.db.execute(
        `select count(*) filter (where status = 'sent' and provider = 'twilio' and provider_id is not null
                                 and sealed_code is null and attempts = 1 and claimed_until is null)::int as sent,
                count(*)::int as total from outbox`,
      )) as unknown as { rows: { sent: number; total: number }[] };
      if (rows[0]?.sent !== expected || rows[0]?.total !== expected) {
        throw new Error(`deliveries app: the outbox holds ${JSON.stringify(rows[0])}, expected ${expected} sent`);
      }
      await checkStandIn(deliverables.slice(0, expected), 'app');
      return { ...run, queueSeconds };
    };
    const bareRun = async (subset: Deliverable[]) => {
      await standIn.reset();
      const run = await timed(() => bareSend(transport, subset, concurrency));
      if (run.value !== subset.length) throw new Error(`deliveries bare: ${run.value} of ${subset.length} accepted`);
      await checkStandIn(subset, 'bare');
      return run;
    };

    log(`deliveries: warm-up (1,000 messages each side, ${concurrency} in flight)`);
    await appRun(all.slice(0, 1_000));
    await bareRun(deliverables.slice(0, 1_000));

    const measure: DeliveryMeasure = {
      messages: count,
      concurrency,
      latencyMs: options.latencyMs,
      queueSeconds: [],
      app: [],
      bare: [],
      ratios: [],
    };
    const round = (x: number, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
    const summary = (r: { seconds: number; cpuSeconds: number; load: number }): DeliveryRunMeasure => ({
      seconds: round(r.seconds, 3),
      rate: round(count / r.seconds),
      cpuSeconds: round(r.cpuSeconds, 2),
      load: round(r.load, 2),
    });
    for (let run = 0; run < options.runs; run++) {
      const app = await appRun(all);
      const bare = await bareRun(deliverables);
      const ratio = round(bare.seconds / app.seconds, 3);
      measure.queueSeconds.push(round(app.queueSeconds, 2));
      measure.app.push(summary(app));
      measure.bare.push(summary(bare));
      measure.ratios.push(ratio);
      const line = (r: DeliveryRunMeasure) => `${r.rate}/s (${r.seconds} s, cpu ${r.cpuSeconds} s, load ${r.load})`;
      log(`deliveries run ${run + 1}: app ${line(summary(app))}, bare ${line(summary(bare))}, ratio ${ratio}`);
    }
    return measure;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await closeApp().catch((error) => log('deliveries: app close failed', error));
    await db.close().catch((error) => log('deliveries: close failed', error));
    await standIn.close().catch((error) => log('deliveries: stand-in close failed', error));
    await database.drop().catch((error) => log('deliveries: drop failed', error));
  }
}

import type { MessageChannel } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import { type Columns, type Db, namesOf, paramsOf, preparedRows, unnestOf } from '../db/client.ts';
import { unseal } from '../security.ts';
import { afterFailure } from './delivery-rules.ts';
import { HIDDEN_CODE } from './notifier.ts';
import { type Accepted, DeliveryFailed, PROVIDER_TIMEOUT_MS, type Transport } from './transport.ts';

interface Claimed {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  sealed_code: string | null;
  attempts: number;
  deadline: Date;
}

interface Outcome {
  id: number;
  attempts: number;
  status: 'sent' | 'queued' | 'failed';
  nextAttemptAt: Date | null;
  provider: string | null;
  providerId: string | null;
  error: string | null;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
}

/** The claim's columns: what a sender needs to send the message and to fence its outcome. */
const CLAIMED = 'o.id, o.channel, o.recipient, o.subject, o.body, o.code, o.sealed_code, o.attempts, o.deadline';

/** Rows that may be claimed: queued, due on the product's clock, and no live sender's lease on them. */
const CLAIMABLE = `status = 'queued' and next_attempt_at <= $1 and (claimed_until is null or claimed_until < $2)`;

/**
 * The due messages, each claimed by this sender: its attempt counted (which fences its outcome) and
 * held until the lease ends in real time. SKIP LOCKED lets instances claim side by side, and a
 * sender that died lets its claims go when their leases pass.
 */
const CLAIM_DUE = `update outbox o set attempts = o.attempts + 1, claimed_until = $3
  from (select id from outbox where ${CLAIMABLE} order by next_attempt_at limit $4 for update skip locked) due
  where o.id = due.id
  returning ${CLAIMED}`;

/** The messages `$4` names, claimed as CLAIM_DUE claims, if they are still to be sent. */
const CLAIM_THESE = `update outbox o set attempts = o.attempts + 1, claimed_until = $3
  from (select id from outbox where id = any($4::int[]) and ${CLAIMABLE} for update skip locked) due
  where o.id = due.id
  returning ${CLAIMED}`;

const OUTCOME_COLUMNS: Columns<Outcome> = [
  ['id', 'int', (row) => row.id],
  ['attempts', 'int', (row) => row.attempts],
  ['status', 'text', (row) => row.status],
  ['next_attempt_at', 'timestamptz', (row) => row.nextAttemptAt?.toISOString() ?? null],
  ['provider', 'text', (row) => row.provider],
  ['provider_id', 'text', (row) => row.providerId],
  ['error', 'text', (row) => row.error],
];

/**
 * Each outcome, applied only if the message is still the one this sender claimed (same attempt,
 * still queued). A sent code is unsealed no longer: its recipient has it.
 */
const SETTLE = `update outbox o set status = s.status, next_attempt_at = s.next_attempt_at, claimed_until = null,
    provider = coalesce(s.provider, o.provider), provider_id = coalesce(s.provider_id, o.provider_id),
    last_error = coalesce(s.error, o.last_error),
    sent_at = case when s.status = 'sent' then $1::timestamptz else o.sent_at end,
    sealed_code = case when s.status = 'sent' then null else o.sealed_code end
  from ${unnestOf(OUTCOME_COLUMNS, 2)} as s(${namesOf(OUTCOME_COLUMNS)})
  where o.id = s.id and o.attempts = s.attempts and o.status = 'queued'`;

export interface DeliveryOptions {
  transports: Partial<Record<MessageChannel, Transport>>;
  /**
   * The trial and TEST_MODE: a channel with no provider keeps its messages in the outbox, where the
   * back office and the log show them (provider `outbox`). Elsewhere such a message fails.
   */
  outboxOnly: boolean;
  sealKey: Buffer;
  /** Messages sent at once by this instance. */
  concurrency?: number;
  /**
   * Messages claimed at a time (default two per sender): enough that the queue's statements are
   * few, few enough that a claim's lease stays short.
   */
  batch?: number;
  random?: () => number;
  /** Real time, which leases are counted in (tests move it to let a dead sender's claim go). */
  wallClock?: () => number;
}

const nothing = (): DeliveryRun => ({ sent: 0, retried: 0, failed: 0 });

/**
 * The `deliveries` job: sends each due message through its channel's provider, and on a failure
 * schedules the next attempt on the product's clock (`delivery-rules.ts`) or, past the message's
 * deadline or on a refusal for good, marks it failed with the provider's reason. A message claimed
 * by an instance that is killed is claimed again once its lease has passed: at least once, never
 * twice by two live senders.
 *
 * A drain keeps `concurrency` senders busy without a pause between batches: the next batch is
 * claimed while the senders still have a turn of messages waiting. Each outcome is written as soon
 * as it is known, with every other outcome known by then, in one statement while the senders go on
 * (a group commit): what a sender killed mid-drain had sent but not yet written is at most what was
 * in flight and one statement's worth, which is what it sends twice.
 */
export class Deliveries {
  /** Messages sent at once by this instance. */
  readonly concurrency: number;
  private readonly batch: number;
  /** Claimed messages left waiting for a sender at or below which the next batch is claimed. */
  private readonly refill: number;
  private readonly leaseMs: number;
  private running: Promise<DeliveryRun> | null = null;
  private again = false;
  /** Messages just queued, to send at once (`sendNow`), and the drain sending them. */
  private readonly wanted = new Set<number>();
  private sending: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DeliveryOptions,
  ) {
    this.concurrency = options.concurrency ?? 32;
    this.batch = options.batch ?? this.concurrency * 2;
    this.refill = this.concurrency;
    // A claimed message waits behind at most the messages in flight and those left waiting when its
    // batch was claimed (a turn of the senders each), then its batch's turns; each send is bounded
    // by the timeout, and one more turn covers writing its outcome (50 s with the defaults).
    this.leaseMs =
      (Math.ceil((this.concurrency + this.refill + this.batch) / this.concurrency) + 1) * PROVIDER_TIMEOUT_MS;
  }

  /**
   * Sends these messages, just queued, in the background now: a user waiting for a code gets it
   * without waiting for the job's next round. Only these: the due queue (retries, others' messages)
   * is the job's, so an instance that runs no jobs (JOBS=0) sends no more than what it queued.
   * Messages asked for while a send is going are sent together right after it.
   */
  sendNow(ids: number[]): void {
    if (this.stopped) return;
    for (const id of ids) this.wanted.add(id);
    this.sending ??= (async () => {
      while (this.wanted.size > 0 && !this.stopped) {
        const these = [...this.wanted];
        this.wanted.clear();
        await this.drain(these);
      }
    })()
      .catch((error: unknown) => this.log.error({ err: error }, 'deliveries: sending new messages failed'))
      .finally(() => {
        this.sending = null;
      });
  }

  /** Sends every due message; one run at a time in this process, joined by those asked meanwhile. */
  run(): Promise<DeliveryRun> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const total = nothing();
      do {
        this.again = false;
        const drained = await this.drain();
        total.sent += drained.sent;
        total.retried += drained.retried;
        total.failed += drained.failed;
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Nothing more is claimed; resolves once the sends in flight are written. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.running?.catch(() => undefined), this.sending]);
  }

  /**
   * Claims, sends and writes the outcomes of the due messages (or of `only` those) until a claim
   * finds no more. A statement that fails ends the drain: no more is claimed or taken up, the sends
   * in flight finish and are written if they can be, and the messages claimed but not sent wait for
   * their lease to pass, as a dead sender's do.
   */
  private async drain(only?: number[]): Promise<DeliveryRun> {
    const done = nothing();
    const waiting: Claimed[] = [];
    const known: Outcome[] = [];
    let claiming: Promise<void> | null = null;
    let writing: Promise<void> | null = null;
    let exhausted = false;
    let failure: { error: unknown } | null = null;
    const fail = (error: unknown) => {
      failure ??= { error };
    };

    const claimNext = () => {
      claiming = this.claim(only).then(
        (claimed) => {
          claiming = null;
          exhausted = only !== undefined || claimed.length < this.batch;
          waiting.push(...claimed);
        },
        (error: unknown) => {
          claiming = null;
          fail(error);
        },
      );
      return claiming;
    };
    const write = () => {
      if (writing || known.length === 0) return;
      const outcomes = known.splice(0);
      writing = preparedRows(this.db, 'outbox_settle', SETTLE, [
        this.clock.now().toISOString(),
        ...paramsOf(OUTCOME_COLUMNS, outcomes),
      ]).then(() => {
        for (const outcome of outcomes) {
          if (outcome.status === 'sent') done.sent++;
          else if (outcome.status === 'queued') done.retried++;
          else done.failed++;
        }
      }, fail);
      void writing.finally(() => {
        writing = null;
        if (!failure) write();
      });
    };
    const sender = async () => {
      for (;;) {
        if (failure) return;
        if (!claiming && !exhausted && !this.stopped && waiting.length <= this.refill) void claimNext();
        const next = waiting.shift();
        if (!next) {
          if (!claiming) return;
          await claiming;
          continue;
        }
        known.push(await this.attempt(next));
        write();
      }
    };

    if (this.stopped) return done;
    await claimNext();
    await Promise.all(Array.from({ length: Math.min(this.concurrency, Math.max(waiting.length, 1)) }, sender));
    await claiming;
    while (writing) await writing;
    // What was known when a write failed is tried once more: a lost outcome costs a second send.
    if (failure && known.length > 0) {
      write();
      while (writing) await writing;
    }
    if (failure) throw (failure as { error: unknown }).error;
    return done;
  }

  /** Claims the next due messages (or those of `only` still to send) for this sender. */
  private claim(only?: number[]): Promise<Claimed[]> {
    const realNow = (this.options.wallClock ?? Date.now)();
    const common = [
      this.clock.now().toISOString(),
      new Date(realNow).toISOString(),
      new Date(realNow + this.leaseMs).toISOString(),
    ];
    return only
      ? preparedRows<Claimed>(this.db, 'outbox_claim_these', CLAIM_THESE, [...common, only])
      : preparedRows<Claimed>(this.db, 'outbox_claim_due', CLAIM_DUE, [...common, this.batch]);
  }

  private async attempt(message: Claimed): Promise<Outcome> {
    const claim = { id: message.id, attempts: message.attempts };
    try {
      const { provider, accepted } = await this.deliver(message);
      return { ...claim, status: 'sent', nextAttemptAt: null, provider, providerId: accepted.providerId, error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = afterFailure({
        attempts: message.attempts,
        now: this.clock.now(),
        deadline: new Date(message.deadline),
        permanent: error instanceof DeliveryFailed && error.permanent,
        random: (this.options.random ?? Math.random)(),
      });
      this.log.warn(
        { outboxId: message.id, channel: message.channel, attempts: message.attempts, outcome: next.status, reason },
        next.status === 'failed' ? 'deliveries: message failed' : 'deliveries: attempt failed, will retry',
      );
      return {
        ...claim,
        status: next.status,
        nextAttemptAt: next.status === 'queued' ? next.nextAttemptAt : null,
        provider: null,
        providerId: null,
        error: reason.slice(0, 500),
      };
    }
  }

  private async deliver(message: Claimed): Promise<{ provider: string; accepted: Accepted }> {
    const transport = this.options.transports[message.channel];
    if (!transport) {
      if (!this.options.outboxOnly) throw new DeliveryFailed(`no ${message.channel} provider is configured`, true);
      this.log.info(
        { outboxId: message.id, channel: message.channel, recipient: message.recipient, code: message.code },
        `outbox: no ${message.channel} provider configured, message kept in the outbox${message.code ? ` (code ${message.code})` : ''}`,
      );
      return { provider: 'outbox', accepted: { providerId: null } };
    }
    const code = message.code ?? (message.sealed_code ? unseal(this.options.sealKey, message.sealed_code) : null);
    const body = code ? message.body.replaceAll(HIDDEN_CODE, code) : message.body;
    const { id, channel, recipient, subject } = message;
    return {
      provider: transport.provider,
      accepted: await transport.deliver({ id, channel, recipient, subject, body }),
    };
  }
}

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

/**
 * The due messages, each claimed by this sender: its attempt counted (which fences its outcome) and
 * held until the lease ends in real time. SKIP LOCKED lets instances claim side by side, and a
 * sender that died lets its claims go when their leases pass.
 */
const CLAIM = `update outbox o set attempts = o.attempts + 1, claimed_until = $3
  from (select id from outbox
        where status = 'queued' and next_attempt_at <= $1 and (claimed_until is null or claimed_until < $2)
        order by next_attempt_at limit $4 for update skip locked) due
  where o.id = due.id
  returning o.id, o.channel, o.recipient, o.subject, o.body, o.code, o.sealed_code, o.attempts, o.deadline`;

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
    sent_at = case when s.status = 'sent' then $1 else o.sent_at end,
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
  /** Messages claimed per round: several per sender, so the queue's statements are few. */
  batch?: number;
  random?: () => number;
  /** Real time, which leases are counted in (tests move it to let a dead sender's claim go). */
  wallClock?: () => number;
}

/**
 * The `deliveries` job: sends each due message through its channel's provider, and on a failure
 * schedules the next attempt on the product's clock (`delivery-rules.ts`) or, past the message's
 * deadline or on a refusal for good, marks it failed with the provider's reason. A message claimed
 * by an instance that is killed is claimed again once its lease has passed: at least once, never
 * twice by two live senders.
 */
export class Deliveries {
  private readonly concurrency: number;
  private readonly batch: number;
  private readonly leaseMs: number;
  private running: Promise<DeliveryRun> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DeliveryOptions,
  ) {
    this.concurrency = options.concurrency ?? 32;
    this.batch = options.batch ?? this.concurrency * 4;
    // A round's sends take at most its batch's turns through the senders, each bounded by the timeout.
    this.leaseMs = (Math.ceil(this.batch / this.concurrency) + 1) * PROVIDER_TIMEOUT_MS;
  }

  /** Runs soon, in the background; a run already going goes round once more instead. */
  kick(): void {
    if (this.stopped) return;
    this.run().catch((error: unknown) => this.log.error({ err: error }, 'deliveries: run failed'));
  }

  /** Sends every due message; one run at a time in this process, joined by those asked meanwhile. */
  run(): Promise<DeliveryRun> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const total: DeliveryRun = { sent: 0, retried: 0, failed: 0 };
      do {
        this.again = false;
        for (;;) {
          const round = await this.round();
          if (!round) break;
          total.sent += round.sent;
          total.retried += round.retried;
          total.failed += round.failed;
        }
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** No run starts any more; resolves once the one in flight has settled what it sent. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Claims, sends and settles one batch; null when nothing was due. */
  private async round(): Promise<DeliveryRun | null> {
    if (this.stopped) return null;
    const realNow = (this.options.wallClock ?? Date.now)();
    const claimed = await preparedRows<Claimed>(this.db, 'outbox_claim', CLAIM, [
      this.clock.now().toISOString(),
      new Date(realNow).toISOString(),
      new Date(realNow + this.leaseMs).toISOString(),
      this.batch,
    ]);
    if (claimed.length === 0) return null;
    const outcomes: Outcome[] = new Array(claimed.length);
    let next = 0;
    const sender = async () => {
      for (let index = next++; index < claimed.length; index = next++) {
        outcomes[index] = await this.attempt(claimed[index] as Claimed);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, claimed.length) }, sender));
    await preparedRows(this.db, 'outbox_settle', SETTLE, [
      this.clock.now().toISOString(),
      ...paramsOf(OUTCOME_COLUMNS, outcomes),
    ]);
    return {
      sent: outcomes.filter((outcome) => outcome.status === 'sent').length,
      retried: outcomes.filter((outcome) => outcome.status === 'queued').length,
      failed: outcomes.filter((outcome) => outcome.status === 'failed').length,
    };
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

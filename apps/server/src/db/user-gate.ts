import { sql } from 'drizzle-orm';
import { AppError } from '../domain/errors.ts';
import { type Db, queryRows } from './client.ts';
import { inTransaction } from './transaction.ts';

/** What the gate has done since the process started, for tests and the bench. */
export interface UserGateCounters {
  /** Money requests let in. */
  admitted: number;
  /** Refused at once: another money request of the same user was in flight in this process. */
  refused: number;
  /** Answered with the in-flight request's answer: the same Idempotency-Key and body. */
  joined: number;
  /** Refused at once in their transaction: another instance held the user's money lock. */
  refusedElsewhere: number;
  /** Transactions holding a user's money lock now, and the most ever held for one user at once. */
  holding: number;
  peakHoldingPerUser: number;
}

/** What identifies a request, so that a copy of it (the same Idempotency-Key and body) can share its answer. */
export interface RequestIdentity {
  key: string;
  hash: string;
}

interface InFlight {
  identity?: RequestIdentity;
  answer?: Promise<unknown>;
}

/**
 * One money request at a time per user (docs/decisions.md, "One user's money requests are judged
 * one at a time"). In this process, a user's second money request (a withdrawal, an SVIP
 * activation, a collection, a change of the payment password) is refused at once with
 * REQUEST_IN_PROGRESS while the first is in flight, before it reads anything or takes a pool
 * connection; a copy of the request in flight (the same Idempotency-Key and body) waits for its
 * answer instead. Across instances, the transaction takes the user's money lock with
 * `pg_try_advisory_xact_lock`: a request another instance is judging is refused at once rather
 * than waiting on the user's rows while it holds a connection. So however many requests one user
 * sends, at most one per instance holds a connection for them, and other users' requests find the
 * pool free.
 */
export class UserGate {
  private readonly running = new Map<number, InFlight>();
  private readonly holdingByUser = new Map<number, number>();
  readonly counters: UserGateCounters = {
    admitted: 0,
    refused: 0,
    joined: 0,
    refusedElsewhere: 0,
    holding: 0,
    peakHoldingPerUser: 0,
  };

  /** Runs `work` as the user's one money request in this process, or refuses it at once (see the class). */
  async run<T>(userId: number, work: () => Promise<T>, identity?: RequestIdentity): Promise<T> {
    const current = this.running.get(userId);
    if (current) {
      const same = identity && current.identity?.key === identity.key && current.identity.hash === identity.hash;
      if (same && current.answer) {
        this.counters.joined++;
        return current.answer as Promise<T>;
      }
      this.counters.refused++;
      throw new AppError('REQUEST_IN_PROGRESS');
    }
    const entry: InFlight = { identity };
    this.running.set(userId, entry);
    this.counters.admitted++;
    try {
      const answer = work();
      entry.answer = answer;
      return await answer;
    } finally {
      this.running.delete(userId);
    }
  }

  /**
   * `work` in a transaction that holds the user's money lock, taken first and without waiting: held
   * by another transaction (another instance's request), the request is refused at once.
   */
  transaction<T>(db: Db, userId: number, work: (tx: Db) => Promise<T>): Promise<T> {
    return inTransaction(db, async (tx) => {
      const [row] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`money:${userId}`}, 0)) as locked`,
      );
      if (!row?.locked) {
        this.counters.refusedElsewhere++;
        throw new AppError('REQUEST_IN_PROGRESS');
      }
      const holding = (this.holdingByUser.get(userId) ?? 0) + 1;
      this.holdingByUser.set(userId, holding);
      this.counters.holding++;
      this.counters.peakHoldingPerUser = Math.max(this.counters.peakHoldingPerUser, holding);
      try {
        return await work(tx);
      } finally {
        this.counters.holding--;
        const left = (this.holdingByUser.get(userId) ?? 1) - 1;
        if (left > 0) this.holdingByUser.set(userId, left);
        else this.holdingByUser.delete(userId);
      }
    });
  }
}

import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { documentNumber, nextId } from '../../db/document-numbers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deposits, users } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { lockUserAccount } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import { type PaymentEvent, type PaymentGateway, ProviderUnavailable, ReferenceTaken } from '../../payments/gateway.ts';
import type { ConfigService } from '../config/service.ts';
import type { MessageNotifier } from '../messages/notifier.ts';
import type { VipService } from '../vip/service.ts';
import { depositStatusPage, presentDeposit } from './presenter.ts';
import { depositByKey, depositPage, depositsToReconcile } from './repository.ts';
import { assertDepositAmount, depositReference, paidAgain, paidMismatch, referenceOf } from './rules.ts';

type DepositRow = typeof deposits.$inferSelect;

/** Pending top-ups older than this are asked about at the provider by the reconcile job. */
const RECONCILE_AFTER_MS = 2 * 60_000;
/** An expired top-up is still asked about this long (the payer paid late), then left alone. */
const LATE_PAYMENT_MS = 24 * 3600_000;
/** How many references one request may move a top-up on by before it asks the payer to try later. */
const MAX_NEW_REFERENCES = 3;

/**
 * What a top-up request answers: the provider's page, or, for a top-up settled already (its page
 * never kept: it was paid under a reference whose answer was lost), the web app's status page.
 */
function answerOf(row: DepositRow) {
  return { transId: row.transId, payUrl: row.payUrl ?? depositStatusPage(row.transId), status: row.status };
}

export class DepositService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly gateways: Record<string, PaymentGateway>,
    private readonly levels: VipService,
    private readonly notices: MessageNotifier,
  ) {}

  async methods() {
    const methods = await this.config.get('deposit_methods');
    return methods
      .filter((method) => method.enabled && this.gateways[method.provider])
      .map(({ id, name, provider, min, max }) => ({ id, name, provider, min, max }));
  }

  /** A pending top-up and the provider's page where the payer approves it. */
  async create(userId: number, input: { amount: string; methodId: string }, ctx: { idempotencyKey?: string }) {
    const { app_currency_decimals: decimals, app_currency: currency, deposit_expiry_minutes } = await this.config.all();
    const method = (await this.methods()).find((candidate) => candidate.id === input.methodId);
    const gateway = method && this.gateways[method.provider];
    if (!method || !gateway) throw new AppError('DEPOSIT_METHOD_UNKNOWN');
    const amount = parseAmount(input.amount, decimals);
    assertDepositAmount(amount, method, { symbol: currency, decimals });
    const key = ctx.idempotencyKey;
    const now = this.clock.now();
    const request = { amount, methodId: method.id };
    let row = key ? await this.byKey(userId, key, request) : undefined;
    if (!row)
      try {
        const id = await nextId(this.db, 'deposits');
        [row] = await this.db
          .insert(deposits)
          .values({
            id,
            transId: documentNumber('D', now, id),
            userId,
            methodId: method.id,
            provider: gateway.provider,
            amount,
            idempotencyKey: key ?? null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + deposit_expiry_minutes * 60_000),
          })
          .returning();
      } catch (error) {
        if (key && isUniqueViolation(error, 'deposits_idempotency_key')) row = await this.byKey(userId, key, request);
        else throw error;
      }
    if (!row) throw new Error('deposit insert returned nothing');
    if (row.payUrl || row.status !== 'pending') return answerOf(row);
    const [payer] = await this.db
      .select({ account: users.account, kind: users.accountKind })
      .from(users)
      .where(eq(users.id, userId));
    return this.open(gateway, row, {
      decimals,
      payer: { userId, email: payer?.kind === 'email' ? payer.account : null },
    });
  }

  /**
   * Opens the pending top-up at its provider under its current reference and keeps the pay page.
   * When the provider already has that reference (an earlier request reached it, its answer was
   * lost), it is verified there: paid, it is settled as its webhook would settle it; otherwise
   * (still unpaid, its page unknown to us: Paystack's verify carries none) the top-up moves on to
   * its next reference and is opened under that. Every reference still settles this one top-up.
   */
  private async open(
    gateway: PaymentGateway,
    row: DepositRow,
    payment: { decimals: number; payer: { userId: number; email: string | null } },
  ): Promise<{ transId: string; payUrl: string; status: DepositRow['status'] }> {
    let n = row.referenceCount;
    for (let tries = 0; tries < MAX_NEW_REFERENCES; tries++) {
      const reference = depositReference(row.transId, n);
      try {
        const { payUrl } = await gateway.createPayment({
          transId: row.transId,
          reference,
          amount: row.amount,
          ...payment,
        });
        const saved = await this.db
          .update(deposits)
          .set({ payUrl })
          .where(and(eq(deposits.id, row.id), eq(deposits.referenceCount, n), isNull(deposits.payUrl)))
          .returning();
        // Another request with the same key saved a page first, or moved on: its page if it has one.
        const current = saved[0] ?? (await this.reread(row.id));
        return answerOf({ ...current, payUrl: current.payUrl ?? payUrl });
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
        if (!(error instanceof ReferenceTaken)) throw error;
      }
      let verdict: PaymentEvent | null;
      try {
        verdict = await gateway.queryStatus(reference);
      } catch (error) {
        if (error instanceof ProviderUnavailable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
        throw error;
      }
      if (verdict?.status === 'succeeded') {
        await this.settle(verdict, { db: this.db, decimals: payment.decimals });
        return answerOf(await this.reread(row.id));
      }
      const moved = await this.db
        .update(deposits)
        .set({ referenceCount: n + 1 })
        .where(
          and(
            eq(deposits.id, row.id),
            eq(deposits.referenceCount, n),
            isNull(deposits.payUrl),
            eq(deposits.status, 'pending'),
          ),
        )
        .returning();
      const current = moved[0] ?? (await this.reread(row.id));
      if (current.payUrl || current.status !== 'pending') return answerOf(current);
      n = current.referenceCount;
    }
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }

  private async reread(id: number): Promise<DepositRow> {
    const [row] = await this.db.select().from(deposits).where(eq(deposits.id, id));
    if (!row) throw new Error(`deposit ${id} vanished`);
    return row;
  }

  /** The top-up first made with this Idempotency-Key; the key reused for another amount or method is refused. */
  private async byKey(userId: number, key: string, request: { amount: bigint; methodId: string }) {
    const row = await depositByKey(this.db, userId, key);
    if (row && (row.amount !== request.amount || row.methodId !== request.methodId)) {
      throw new AppError('IDEMPOTENCY_MISMATCH');
    }
    return row;
  }

  async get(userId: number, transId: string) {
    const [row] = await this.db
      .select()
      .from(deposits)
      .where(and(eq(deposits.transId, transId), eq(deposits.userId, userId)));
    if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
    return presentDeposit(row, await this.config.get('app_currency_decimals'));
  }

  async list(query: { cursor?: string; limit: number; userId?: number; status?: DepositRow['status'] }) {
    const rows = await depositPage(this.db, query);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => ({
      id: row.deposit.id,
      ...presentDeposit(row.deposit, decimals),
      userId: row.deposit.userId,
      userAccount: row.account,
      problem: row.deposit.problem,
    }));
  }

  /**
   * Applies a provider's verdict exactly once, whatever the order or number of webhooks: the row
   * is locked, and only a pending (or expired: the payer paid late) top-up can succeed. A success
   * credits the deposit wallet against the gateway account in the same transaction; one whose
   * amount or currency differs from the top-up credits nothing and is left, with why, for an
   * operator. `within` names the caller's transaction, and the decimals it read before opening it.
   */
  async settle(
    event: PaymentEvent,
    within?: { db: Db; decimals: number },
  ): Promise<DepositRow['status'] | 'unknown' | 'refused'> {
    const decimals = within?.decimals ?? (await this.config.get('app_currency_decimals'));
    return inTransaction(within?.db ?? this.db, async (tx) => {
      // Any reference the top-up has had settles it; the first verdict that can apply wins.
      const { transId, n } = referenceOf(event.transId);
      const [row] = await tx.select().from(deposits).where(eq(deposits.transId, transId)).for('update');
      if (!row || n > row.referenceCount) return 'unknown';
      const now = this.clock.now();
      const open = row.status === 'pending' || row.status === 'expired';
      const currency = this.gateways[row.provider]?.currency ?? null;
      const problem =
        event.status === 'succeeded' && event.paid ? paidMismatch(event.paid, row, { decimals, currency }) : null;
      if (open && problem) {
        await tx.update(deposits).set({ problem, providerRef: event.providerRef }).where(eq(deposits.id, row.id));
        return 'refused';
      }
      if (event.status === 'succeeded' && open) {
        const wallet = await lockUserAccount(tx, row.userId, 'deposit');
        const entryId = await postEntry(tx, {
          type: 'deposit',
          userId: row.userId,
          refType: 'deposit',
          refId: row.transId,
          at: now,
          lines: [
            { accountId: wallet.id, asset: 'CASH', amount: row.amount },
            { accountId: this.ledger.house('gateway', row.userId), asset: 'CASH', amount: -row.amount },
          ],
        });
        await tx
          .update(deposits)
          .set({ status: 'succeeded', entryId, providerRef: event.providerRef, completedAt: now })
          .where(eq(deposits.id, row.id));
        await this.levels.recharged(tx, row.userId);
        await this.notices.notify(tx, { notice: 'deposit_credited', userId: row.userId, amount: row.amount });
        return 'succeeded';
      }
      if (event.status === 'succeeded' && row.status === 'succeeded') {
        // Paid a second time, under another of its references: credited once, the rest is refunded by hand.
        const again = paidAgain(event, row);
        if (again && !row.problem) await tx.update(deposits).set({ problem: again }).where(eq(deposits.id, row.id));
        return row.status;
      }
      // A failure under a reference the top-up has moved on from closes nothing: the new one is open.
      if (event.status === 'failed' && row.status === 'pending' && n === row.referenceCount) {
        await tx
          .update(deposits)
          .set({ status: 'failed', providerRef: event.providerRef, completedAt: now })
          .where(eq(deposits.id, row.id));
        return 'failed';
      }
      return row.status;
    });
  }

  /**
   * Asks the provider about top-ups left pending (a lost webhook) or lately expired, and expires
   * abandoned ones. One left with a problem waits for an operator: asking again would answer the
   * same. A provider that does not answer leaves its top-ups for the next run.
   */
  async reconcile() {
    const now = this.clock.now();
    const decimals = await this.config.get('app_currency_decimals');
    const stale = await depositsToReconcile(this.db, {
      createdBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      expiredAfter: new Date(now.getTime() - LATE_PAYMENT_MS),
    });
    const result = { checked: stale.length, succeeded: 0, failed: 0, refused: 0, expired: 0, unanswered: 0 };
    for (const row of stale) {
      let event: PaymentEvent | null = null;
      try {
        const reference = depositReference(row.transId, row.referenceCount);
        event = (await this.gateways[row.provider]?.queryStatus(reference)) ?? null;
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        result.unanswered += 1;
        continue;
      }
      if (event) {
        const outcome = await this.settle(event, { db: this.db, decimals });
        if (outcome === 'succeeded') result.succeeded += 1;
        if (outcome === 'failed') result.failed += 1;
        if (outcome === 'refused') result.refused += 1;
      } else if (row.status === 'pending' && row.expiresAt <= now) {
        const expired = await this.db
          .update(deposits)
          .set({ status: 'expired' })
          .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')))
          .returning({ id: deposits.id });
        result.expired += expired.length;
      }
    }
    return result;
  }
}

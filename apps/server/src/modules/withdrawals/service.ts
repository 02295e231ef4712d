import {
  type ConfigValues,
  canTransition,
  ERROR_CODES,
  fromMinor,
  type Language,
  type VipBenefits,
  WITHDRAWAL_MONEY,
  WITHDRAWAL_REVIEW_ACTIONS,
  type WithdrawalAction,
  type WithdrawalMove,
  type WithdrawalReviewAction,
  type WithdrawRules,
  withdrawalStatusesAllowing,
  withdrawalTarget,
} from '@app/contracts';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { documentNumber, nextId } from '../../db/document-numbers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { payoutAccounts, withdrawals } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UserGate } from '../../db/user-gate.ts';
import { AppError, localize } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { lockUserAccount, userAccountIds } from '../../ledger/accounts.ts';
import { userBalances } from '../../ledger/balances.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, postEntries } from '../../ledger/post.ts';
import {
  type PaymentGateway,
  type PayoutAnswer,
  type PayoutEvent,
  ProviderUnavailable,
} from '../../payments/gateway.ts';
import { sha256 } from '../../security.ts';
import { startOfZonedDay } from '../../time.ts';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import type { MessageNotifier } from '../messages/notifier.ts';
import { withdrawalsPerDay } from '../vip/rules.ts';
import type { VipService } from '../vip/service.ts';
import type { PayPasswords } from './pay-password.ts';
import type { PayoutAccountService } from './payout-accounts.ts';
import { presentAdminWithdrawal, presentRequest } from './presenter.ts';
import { requestsSince, withdrawalByKey, withdrawalPage, withdrawalPeople } from './repository.ts';
import { assertCanWithdraw, closedBy, type WithdrawStanding, withdrawalBlock, withdrawalTerms } from './rules.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type Status = WithdrawalRow['status'];

/** Payments sent to the provider and not yet settled: the provider may still pay them. */
const AWAITING_PROVIDER = withdrawalStatusesAllowing('provider.paid');

const REFERENCE_PREFIX = 'withdrawal-';

/**
 * The provider's idempotency key of a withdrawal's payment, the same on every attempt; in the
 * form Paystack accepts (16 to 50 of a–z, 0–9, "-" and "_").
 */
export function payoutReference(orderNo: string): string {
  return `${REFERENCE_PREFIX}${orderNo.toLowerCase()}`;
}

function orderNoOf(reference: string): string | null {
  return reference.startsWith(REFERENCE_PREFIX) ? reference.slice(REFERENCE_PREFIX.length).toUpperCase() : null;
}

/** A payment sent this long ago without an outcome is checked at the provider by reconciliation. */
const PAYOUT_RECONCILE_AFTER_MS = 2 * 60_000;

export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly accounts: PayoutAccountService,
    private readonly payPasswords: PayPasswords,
    private readonly levels: VipService,
    /** Every configured provider, and the one new payments go to (none: manual outcomes only). */
    private readonly payouts: { gateways: Record<string, PaymentGateway>; provider: string | null },
    private readonly log: FastifyBaseLogger,
    private readonly notices: MessageNotifier,
    private readonly gate: UserGate,
  ) {}

  /** The user's requests today and income balance, read in `db` (the request's transaction, once locked). */
  private async standing(
    db: Db,
    userId: number,
    cfg: ConfigValues,
    now: Date,
    level: VipBenefits,
    incomeBalance?: bigint,
  ): Promise<WithdrawStanding> {
    const [madeToday, balance] = await Promise.all([
      requestsSince(db, userId, startOfZonedDay(now, cfg.timezone)),
      incomeBalance ?? userBalances(db, userId).then((balances) => balances.income),
    ]);
    return { madeToday, perDay: withdrawalsPerDay(cfg.withdraw_daily_count, level), incomeBalance: balance };
  }

  /** Judged as a request would be, on the same rules (`withdrawalBlock` first), without the payment password. */
  async quote(userId: number, amount: string, lang: Language) {
    const cfg = await this.config.all();
    const now = this.clock.now();
    const level = await this.levels.benefitsOf(userId);
    const standing = await this.standing(this.db, userId, cfg, now, level);
    const terms = withdrawalTerms(amount, cfg, { now, lang, standing }, level);
    const money = (minor: bigint) => fromMinor(minor, cfg.app_currency_decimals);
    return { amount: money(terms.amount), fee: money(terms.fee), net: money(terms.net) };
  }

  /**
   * The rules a request will be judged on, for the withdraw page to show before anything is typed,
   * and why no withdrawal can be made now, if none can: the refusal a quote or a request would
   * answer, in `lang`, with when withdrawals open again.
   */
  async rules(userId: number, lang: Language): Promise<WithdrawRules> {
    const cfg = await this.config.all();
    const now = this.clock.now();
    const level = await this.levels.benefitsOf(userId);
    const standing = await this.standing(this.db, userId, cfg, now, level);
    const block = withdrawalBlock(now, cfg, standing, lang);
    return {
      days: cfg.withdraw_days,
      ...cfg.withdraw_hours,
      timezone: cfg.timezone,
      openNow: closedBy(now, cfg) === null,
      perDay: standing.perDay,
      leftToday: Math.max(0, standing.perDay - standing.madeToday),
      step: cfg.withdraw_step,
      min: cfg.withdraw_min,
      max: cfg.withdraw_max,
      feeRate: cfg.withdraw_fee_rate,
      feeDiscount: level.withdrawFeeDiscount,
      blocked: block && {
        code: ERROR_CODES[block.key],
        msg: localize(block.key, lang, block.params),
        opensAt: block.opensAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * One of the user's money requests at a time (`UserGate`): a second one is refused at once with
   * REQUEST_IN_PROGRESS, before it reads anything; a copy of the one in flight (the same
   * Idempotency-Key and body) gets its answer. The terms and the payment password are judged with
   * no lock held (the password's argon2 comparison holds no connection either); then the income
   * wallet is locked, the daily count and the balance are checked again against settled values,
   * and the amount moves to `withdraw_hold`.
   */
  request(
    userId: number,
    input: { accountId: number; amount: string; payPassword: string },
    ctx: { lang: Language; idempotencyKey?: string },
  ) {
    const requestHash = sha256(JSON.stringify([input.accountId, input.amount]));
    const key = ctx.idempotencyKey;
    return this.gate.run(
      userId,
      () => this.judgeRequest(userId, input, ctx, requestHash),
      key ? { key, hash: requestHash } : undefined,
    );
  }

  private async judgeRequest(
    userId: number,
    input: { accountId: number; amount: string; payPassword: string },
    ctx: { lang: Language; idempotencyKey?: string },
    requestHash: string,
  ) {
    const cfg = await this.config.all();
    const key = ctx.idempotencyKey;
    if (key) {
      const replay = await this.replay(this.db, userId, key, requestHash, cfg.app_currency_decimals);
      if (replay) return replay;
    }
    const now = this.clock.now();
    const level = await this.levels.benefitsOf(userId);
    const standing = await this.standing(this.db, userId, cfg, now, level);
    const terms = withdrawalTerms(input.amount, cfg, { now, lang: ctx.lang, standing }, level);
    const account = await this.accounts.usable(userId, input.accountId);
    await this.payPasswords.verify(userId, input.payPassword);
    try {
      // The user's money lock first, without waiting: another instance judging one of this user's
      // requests makes this one refused at once rather than a connection held waiting on the wallet.
      return await this.gate.transaction(this.db, userId, async (tx) => {
        const income = await lockUserAccount(tx, userId, 'income');
        // A request with the same key that held the lock first has been written by now: answer it
        // again, before its count and its debit refuse this copy of it.
        const replay = key && (await this.replay(tx, userId, key, requestHash, cfg.app_currency_decimals));
        if (replay) return replay;
        // Judged again on the settled count and balance: a request that held the lock first may have used them.
        assertCanWithdraw(now, cfg, await this.standing(tx, userId, cfg, now, level, income.balance), ctx.lang);
        if (income.balance < terms.amount) throw new AppError('INSUFFICIENT_BALANCE');
        const id = await nextId(tx, 'withdrawals');
        const [row] = await tx
          .insert(withdrawals)
          .values({
            id,
            orderNo: documentNumber('W', now, id),
            userId,
            accountId: account.id,
            payee: account.holderName,
            accountType: account.type,
            accountNumber: account.accountNumber,
            bankName: account.bankName ?? account.operator ?? '',
            amount: terms.amount,
            fee: terms.fee,
            idempotencyKey: key ?? null,
            requestHash,
            appliedAt: now,
          })
          .returning();
        if (!row) throw new Error('withdrawal insert returned nothing');
        const hold = (await userAccountIds(tx, userId)).withdraw_hold;
        await postEntries(tx, [
          {
            type: 'withdrawal',
            userId,
            refType: 'withdrawal',
            refId: String(row.id),
            at: now,
            lines: [
              { accountId: income.id, asset: 'CASH', amount: -terms.amount },
              { accountId: hold, asset: 'CASH', amount: terms.amount },
            ],
          },
        ]);
        return presentRequest(row, cfg.app_currency_decimals);
      });
    } catch (error) {
      if (key && isUniqueViolation(error, 'withdrawals_idempotency_key')) {
        const replay = await this.replay(this.db, userId, key, requestHash, cfg.app_currency_decimals);
        if (replay) return replay;
      }
      throw error;
    }
  }

  private async replay(db: Db, userId: number, key: string, requestHash: string, decimals: number) {
    const row = await withdrawalByKey(db, userId, key);
    if (!row) return undefined;
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    return presentRequest(row, decimals);
  }

  async list(query: { cursor?: string; limit: number; userId?: number; status?: Status }) {
    const rows = await withdrawalPage(this.db, query);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => presentAdminWithdrawal(row.withdrawal, decimals, row));
  }

  /**
   * The ledger entries that take a withdrawal to `to`, by where its money goes (WITHDRAWAL_MONEY).
   * A refund returns exactly the held amount to the income wallet; a payment releases the net to
   * the gateway account and the fee to the fees account; a reversal takes both back into the hold
   * and refunds it, so the user's totals no longer count it as withdrawn.
   */
  private entriesTo(
    row: WithdrawalRow,
    to: Status,
    accounts: { income: number; hold: number },
    note: { at: Date; memo: string },
  ): EntryDraft[] {
    const refs = { userId: row.userId, refType: 'withdrawal', refId: String(row.id), ...note };
    const net = row.amount - row.fee;
    const release = (sign: bigint): EntryDraft[] => [
      {
        type: 'withdrawal_payout',
        ...refs,
        lines: [
          { accountId: accounts.hold, asset: 'CASH', amount: -sign * net },
          { accountId: this.ledger.house('gateway', row.userId), asset: 'CASH', amount: sign * net },
        ],
      },
      {
        type: 'withdrawal_fee',
        ...refs,
        lines: [
          { accountId: accounts.hold, asset: 'CASH', amount: -sign * row.fee },
          { accountId: this.ledger.house('fees', row.userId), asset: 'CASH', amount: sign * row.fee },
        ],
      },
    ];
    const refund: EntryDraft = {
      type: 'withdrawal_refund',
      ...refs,
      lines: [
        { accountId: accounts.hold, asset: 'CASH', amount: -row.amount },
        { accountId: accounts.income, asset: 'CASH', amount: row.amount },
      ],
    };
    const money = WITHDRAWAL_MONEY[to];
    if (money === 'paid_out') return release(1n);
    if (money === 'returned') return WITHDRAWAL_MONEY[row.status] === 'paid_out' ? [...release(-1n), refund] : [refund];
    return [];
  }

  /**
   * Makes `move` on a locked withdrawal, with its ledger entries and an audit row, in the caller's
   * transaction; a move the state machine does not allow from its status is refused.
   */
  private async apply(
    tx: Db,
    row: WithdrawalRow,
    move: WithdrawalMove,
    actor: Actor,
    details: { reason?: string; payoutRef?: string; payoutProvider?: string },
  ): Promise<WithdrawalRow> {
    const to = withdrawalTarget(row.status, move);
    if (!to) throw new AppError('WITHDRAWAL_STATE', { status: row.status });
    const now = this.clock.now();
    const { income, withdraw_hold: hold } = await userAccountIds(tx, row.userId);
    await postEntries(tx, this.entriesTo(row, to, { income, hold }, { at: now, memo: details.reason ?? '' }));
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: to,
        reason: details.reason ?? row.reason,
        payoutRef: details.payoutRef ?? row.payoutRef,
        ...((WITHDRAWAL_REVIEW_ACTIONS as readonly WithdrawalMove[]).includes(move)
          ? { reviewedAt: now, reviewedBy: actor.adminId }
          : {}),
        ...(move === 'pay' ? { payoutProvider: details.payoutProvider, payoutAttemptAt: now } : {}),
        ...(to === 'paid' ? { paidAt: now } : {}),
      })
      .where(eq(withdrawals.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: `withdrawal.${to}`,
      target: `withdrawal:${row.id}`,
      before: { status: row.status },
      after: { status: to, ...details },
      at: now,
    });
    if (!after) throw new Error(`withdrawal ${row.id} vanished while locked`);
    if (to === 'paid')
      await this.notices.notify(tx, { notice: 'withdrawal_paid', userId: row.userId, amount: row.amount });
    if (to === 'rejected') {
      await this.notices.notify(tx, {
        notice: 'withdrawal_rejected',
        userId: row.userId,
        amount: row.amount,
        reason: after.reason ?? '',
      });
    }
    return after;
  }

  private async presented(row: WithdrawalRow, decimals: number) {
    return presentAdminWithdrawal(row, decimals, await withdrawalPeople(this.db, row));
  }

  /** An operator's move: the row is locked, so it is judged on its committed state. */
  private async move(
    id: number,
    action: WithdrawalAction,
    actor: Actor,
    details: { reason?: string; payoutRef?: string } = {},
  ) {
    const decimals = await this.config.get('app_currency_decimals');
    return this.presented(await this.moveRow(id, action, actor, details), decimals);
  }

  private moveRow(
    id: number,
    action: WithdrawalAction,
    actor: Actor,
    details: { reason?: string; payoutRef?: string; payoutProvider?: string },
  ) {
    return inTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
      return this.apply(tx, row, action, actor, details);
    });
  }

  approve(id: number, actor: Actor) {
    return this.move(id, 'approve', actor);
  }

  reject(id: number, reason: string, actor: Actor) {
    return this.move(id, 'reject', actor, { reason });
  }

  /** A payment made outside the gateway; one sent to the provider is the provider's to settle. */
  markPaid(id: number, actor: Actor) {
    return this.move(id, 'markPaid', actor, { payoutRef: 'manual' });
  }

  markFailed(id: number, reason: string, actor: Actor) {
    return this.move(id, 'markFailed', actor, { reason });
  }

  /**
   * Pays through the gateway. The withdrawal becomes `paying` under its row lock, committed,
   * before the provider is called: a second pay, a reject or a manual outcome racing it finds it
   * taken. The provider's answer then settles it; with no clear answer (a timeout) it stays
   * `paying` until a webhook or reconciliation settles it.
   */
  async pay(id: number, actor: Actor) {
    const provider = this.payouts.provider;
    const gateway = provider ? this.payouts.gateways[provider] : undefined;
    if (!provider || !gateway) throw new AppError('PAYOUT_PROVIDER_MISSING');
    const cfg = await this.config.all();
    const row = await this.moveRow(id, 'pay', actor, { payoutProvider: provider });
    const answer = await this.send(row, gateway, cfg);
    return this.presented(answer ? await this.settleAnswer(row, answer) : row, cfg.app_currency_decimals);
  }

  /**
   * Sends the payment of a `paying` withdrawal under its one reference, to the withdrawal's own
   * snapshot of the account. Null when the provider gave no clear answer.
   */
  private async send(row: WithdrawalRow, gateway: PaymentGateway, cfg: ConfigValues): Promise<PayoutAnswer | null> {
    const [account] = await this.db.select().from(payoutAccounts).where(eq(payoutAccounts.id, row.accountId));
    // The saved payee is used only while the account still has the details the withdrawal names.
    const unchanged =
      account?.type === row.accountType &&
      account.accountNumber === row.accountNumber &&
      account.holderName === row.payee &&
      (account.bankName ?? account.operator) === row.bankName;
    const institutions = row.accountType === 'bank' ? cfg.banks : cfg.mobile_money_operators;
    try {
      const answer = await gateway.payout({
        reference: payoutReference(row.orderNo),
        amount: row.amount - row.fee,
        decimals: cfg.app_currency_decimals,
        to: {
          type: row.accountType,
          holderName: row.payee,
          accountNumber: row.accountNumber,
          institutionCode: institutions.find((institution) => institution.name === row.bankName)?.code ?? '',
          recipientCode: unchanged ? account.recipientCode : null,
        },
      });
      if (unchanged && answer.recipientCode && answer.recipientCode !== account.recipientCode) {
        await this.accounts.rememberRecipient(account, answer.recipientCode);
      }
      return answer;
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.log.warn({ err: error, withdrawal: row.id }, 'payout not answered: left paying for reconciliation');
      return null;
    }
  }

  /** Applies a provider's answer to a payment it was sent: pending keeps it `paying`. */
  private async settleAnswer(row: WithdrawalRow, answer: PayoutAnswer): Promise<WithdrawalRow> {
    if (answer.status === 'pending') {
      const [after] = await this.db
        .update(withdrawals)
        .set({ payoutRef: answer.providerRef })
        .where(and(eq(withdrawals.id, row.id), inArray(withdrawals.status, AWAITING_PROVIDER)))
        .returning();
      return after ?? row;
    }
    const verdict = {
      reference: payoutReference(row.orderNo),
      outcome: answer.status,
      providerRef: answer.providerRef,
      reason: answer.reason ?? (answer.status === 'failed' ? 'The payment provider refused the payment.' : undefined),
    };
    return (await this.settleRow(row.payoutProvider ?? '', verdict, this.db)).row ?? row;
  }

  /**
   * Applies the provider's verdict on a payment (a webhook, an answer, reconciliation) once: the
   * row is locked and only the moves the provider may make apply; any other verdict changes
   * nothing. `within` is the caller's transaction (a webhook recorded with its effect).
   */
  async settlePayout(provider: string, event: PayoutEvent, within?: { db: Db }): Promise<string> {
    return (await this.settleRow(provider, event, within?.db ?? this.db)).outcome;
  }

  private settleRow(provider: string, event: PayoutEvent, db: Db) {
    const orderNo = orderNoOf(event.reference);
    return inTransaction(db, async (tx): Promise<{ outcome: string; row?: WithdrawalRow }> => {
      const [row] = orderNo
        ? await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo)).for('update')
        : [];
      if (!row || row.payoutProvider !== provider) return { outcome: 'unknown' };
      const verdict = `provider.${event.outcome}` as const;
      if (!canTransition(row.status, verdict)) {
        if (event.outcome === 'paid' && row.status === 'payment_failed') {
          // Only a provider breaking its own word (a success after a final failure) gets here.
          this.log.error({ withdrawal: row.id, event }, 'provider paid a withdrawal already refunded');
          return { outcome: 'conflict: paid after refund', row };
        }
        return { outcome: row.status, row };
      }
      const after = await this.apply(tx, row, verdict, SYSTEM_ACTOR, {
        reason: event.reason,
        payoutRef: event.providerRef,
      });
      return { outcome: after.status, row: after };
    });
  }

  /**
   * Settles payments left `paying` (no clear answer, a lost webhook): each is verified at its
   * provider, and one the provider never received is sent again under the same reference. A run
   * claims each withdrawal by moving its attempt time, so two instances never send it at once.
   */
  async reconcilePayouts() {
    const cfg = await this.config.all();
    const now = this.clock.now();
    const due = new Date(now.getTime() - PAYOUT_RECONCILE_AFTER_MS);
    const stale = await this.db
      .select()
      .from(withdrawals)
      .where(and(inArray(withdrawals.status, AWAITING_PROVIDER), lte(withdrawals.payoutAttemptAt, due)))
      .orderBy(withdrawals.id)
      .limit(100);
    const result = { checked: 0, settled: 0, pending: 0, resent: 0, unanswered: 0 };
    for (const candidate of stale) {
      const [row] = await this.db
        .update(withdrawals)
        .set({ payoutAttemptAt: now })
        .where(
          and(
            eq(withdrawals.id, candidate.id),
            inArray(withdrawals.status, AWAITING_PROVIDER),
            lte(withdrawals.payoutAttemptAt, due),
          ),
        )
        .returning();
      if (!row) continue;
      result.checked += 1;
      const gateway = this.payouts.gateways[row.payoutProvider ?? ''];
      if (!gateway) {
        result.unanswered += 1;
        continue;
      }
      let answer: PayoutAnswer | 'not_found' | null;
      try {
        answer = await gateway.verifyPayout(payoutReference(row.orderNo));
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        answer = null;
      }
      if (answer === 'not_found') {
        result.resent += 1;
        answer = await this.send(row, gateway, cfg);
      }
      if (!answer) result.unanswered += 1;
      else if (AWAITING_PROVIDER.includes((await this.settleAnswer(row, answer)).status)) result.pending += 1;
      else result.settled += 1;
    }
    return result;
  }

  async bulk(ids: number[], action: WithdrawalReviewAction, reason: string | undefined, actor: Actor, lang: Language) {
    if (action === 'reject' && !reason) throw new AppError('FIELD_REQUIRED', { field: 'reason' });
    const results: { id: number; ok: boolean; msg: string }[] = [];
    for (const id of new Set(ids)) {
      try {
        if (action === 'approve') await this.approve(id, actor);
        else await this.reject(id, reason as string, actor);
        results.push({ id, ok: true, msg: '' });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, ok: false, msg: localize(error.key, lang, error.params) });
      }
    }
    return results;
  }
}

import { applyRate, type ConfigValues, fromMinor, type Language, toMinor } from '@app/contracts';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { documentNumber, nextId } from '../../db/document-numbers.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users, withdrawals } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, localize } from '../../http/errors.ts';
import { cursorId, pageOf } from '../../http/pagination.ts';
import { lockUserAccount, userAccountIds } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, postEntries } from '../../ledger/post.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { sha256 } from '../../security.ts';
import { startOfZonedDay, zonedWeekday } from '../../time.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { parseAmount } from '../deposits/service.ts';
import { weekdayNames } from '../holdings/service.ts';
import type { PayPasswords } from './pay-password.ts';
import type { PayoutAccountService } from './payout-accounts.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type Status = WithdrawalRow['status'];

/** Who may move a withdrawal where: every other transition is refused. */
const TRANSITIONS: Record<Status, readonly Status[]> = {
  pending_review: ['pending_payment', 'rejected'],
  pending_payment: ['paid', 'payment_failed'],
  rejected: [],
  paid: [],
  payment_failed: [],
};

export function canMove(from: Status, to: Status): boolean {
  return TRANSITIONS[from].includes(to);
}

function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

/** Checks every amount and calendar rule; returns the amount, fee and net in minor units. */
export function withdrawalTerms(amountText: string, cfg: ConfigValues, now: Date, lang: Language) {
  const decimals = cfg.app_currency_decimals;
  const money = (value: string) => `${cfg.app_currency}${value}`;
  const amount = parseAmount(amountText, decimals);
  const step = toMinor(cfg.withdraw_step, decimals);
  if (step > 0n && amount % step !== 0n) throw new AppError('WITHDRAW_STEP', { step: money(cfg.withdraw_step) });
  if (amount < toMinor(cfg.withdraw_min, decimals))
    throw new AppError('WITHDRAW_BELOW_MIN', { min: money(cfg.withdraw_min) });
  if (amount > toMinor(cfg.withdraw_max, decimals))
    throw new AppError('WITHDRAW_ABOVE_MAX', { max: money(cfg.withdraw_max) });
  if (!cfg.withdraw_days.includes(zonedWeekday(now, cfg.timezone))) {
    throw new AppError('WITHDRAW_CLOSED_DAY', { days: weekdayNames(cfg.withdraw_days, lang) });
  }
  const time = localTime(now, cfg.timezone);
  if (time < cfg.withdraw_hours.from || time >= cfg.withdraw_hours.to) {
    throw new AppError('WITHDRAW_CLOSED_HOURS', cfg.withdraw_hours);
  }
  const fee = applyRate(amount, cfg.withdraw_fee_rate);
  return { amount, fee, net: amount - fee };
}

export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly accounts: PayoutAccountService,
    private readonly payPasswords: PayPasswords,
    private readonly gateway: PaymentGateway,
  ) {}

  private present(row: WithdrawalRow, decimals: number) {
    const money = (minor: bigint) => fromMinor(minor, decimals);
    return {
      id: row.id,
      orderNo: row.orderNo,
      payee: row.payee,
      account: row.accountNumber,
      bankName: row.bankName,
      amount: money(row.amount),
      fee: money(row.fee),
      net: money(row.amount - row.fee),
      status: row.status,
      reason: row.reason,
      appliedAt: row.appliedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
    };
  }

  async quote(amount: string, lang: Language) {
    const cfg = await this.config.all();
    const terms = withdrawalTerms(amount, cfg, this.clock.now(), lang);
    const money = (minor: bigint) => fromMinor(minor, cfg.app_currency_decimals);
    return { amount: money(terms.amount), fee: money(terms.fee), net: money(terms.net) };
  }

  /**
   * The income wallet is locked first, so parallel requests queue: the daily count and the
   * balance are then checked against settled values, and the amount moves to `withdraw_hold`.
   */
  async request(
    userId: number,
    input: { accountId: number; amount: string; payPassword: string },
    ctx: { lang: Language; idempotencyKey?: string },
  ) {
    const cfg = await this.config.all();
    const requestHash = sha256(JSON.stringify([input.accountId, input.amount]));
    const key = ctx.idempotencyKey;
    if (key) {
      const replay = await this.replay(userId, key, requestHash, cfg.app_currency_decimals);
      if (replay) return replay;
    }
    const now = this.clock.now();
    const terms = withdrawalTerms(input.amount, cfg, now, ctx.lang);
    const account = await this.accounts.usable(userId, input.accountId);
    await this.payPasswords.verify(userId, input.payPassword);
    try {
      return await inTransaction(this.db, async (tx) => {
        const income = await lockUserAccount(tx, userId, 'income');
        const [today] = await tx
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, userId), gte(withdrawals.appliedAt, startOfZonedDay(now, cfg.timezone))));
        if ((today?.n ?? 0) >= cfg.withdraw_daily_count) {
          throw new AppError('WITHDRAW_DAILY_COUNT', { count: cfg.withdraw_daily_count });
        }
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
        const presented = this.present(row, cfg.app_currency_decimals);
        return {
          id: row.id,
          orderNo: row.orderNo,
          amount: presented.amount,
          fee: presented.fee,
          net: presented.net,
          status: row.status,
        };
      });
    } catch (error) {
      if (key && isUniqueViolation(error, 'withdrawals_idempotency_key')) {
        const replay = await this.replay(userId, key, requestHash, cfg.app_currency_decimals);
        if (replay) return replay;
      }
      throw error;
    }
  }

  private async replay(userId: number, key: string, requestHash: string, decimals: number) {
    const [row] = await this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key)));
    if (!row) return undefined;
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_MISMATCH');
    const presented = this.present(row, decimals);
    return {
      id: row.id,
      orderNo: row.orderNo,
      amount: presented.amount,
      fee: presented.fee,
      net: presented.net,
      status: row.status,
    };
  }

  async list(query: { cursor?: string; limit: number; userId?: number; status?: Status }) {
    const rows = await this.db
      .select({ withdrawal: withdrawals, account: users.account })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(
        and(
          query.userId === undefined ? undefined : eq(withdrawals.userId, query.userId),
          query.status ? eq(withdrawals.status, query.status) : undefined,
          query.cursor ? lt(withdrawals.id, cursorId(query.cursor)) : undefined,
        ),
      )
      .orderBy(desc(withdrawals.id))
      .limit(query.limit + 1);
    const decimals = await this.config.get('app_currency_decimals');
    return pageOf(rows, query.limit, (row) => ({
      ...this.present(row.withdrawal, decimals),
      userId: row.withdrawal.userId,
      userAccount: row.account,
    }));
  }

  /**
   * Moves a withdrawal along the state machine in one transaction with its ledger entries and
   * an audit row: a refund returns exactly the held amount; a payment releases it to the gateway
   * (net) and the fees account (fee).
   */
  private async move(id: number, to: Status, actor: Actor, details: { reason?: string; payoutRef?: string } = {}) {
    const decimals = await this.config.get('app_currency_decimals');
    return inTransaction(this.db, async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
      if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
      if (!canMove(row.status, to)) throw new AppError('WITHDRAWAL_STATE', { status: row.status });
      const now = this.clock.now();
      const { income, withdraw_hold: hold } = await userAccountIds(tx, row.userId);
      const refs = { userId: row.userId, refType: 'withdrawal', refId: String(row.id), at: now };
      const drafts: EntryDraft[] = [];
      if (to === 'rejected' || to === 'payment_failed') {
        drafts.push({
          type: 'withdrawal_refund',
          ...refs,
          memo: details.reason ?? '',
          lines: [
            { accountId: hold, asset: 'CASH', amount: -row.amount },
            { accountId: income, asset: 'CASH', amount: row.amount },
          ],
        });
      }
      if (to === 'paid') {
        drafts.push({
          type: 'withdrawal_payout',
          ...refs,
          lines: [
            { accountId: hold, asset: 'CASH', amount: -(row.amount - row.fee) },
            { accountId: this.ledger.house('gateway', row.userId), asset: 'CASH', amount: row.amount - row.fee },
          ],
        });
        drafts.push({
          type: 'withdrawal_fee',
          ...refs,
          lines: [
            { accountId: hold, asset: 'CASH', amount: -row.fee },
            { accountId: this.ledger.house('fees', row.userId), asset: 'CASH', amount: row.fee },
          ],
        });
      }
      await postEntries(tx, drafts);
      const [after] = await tx
        .update(withdrawals)
        .set({
          status: to,
          reason: details.reason ?? row.reason,
          payoutRef: details.payoutRef ?? row.payoutRef,
          ...(row.status === 'pending_review' ? { reviewedAt: now, reviewedBy: actor.adminId } : {}),
          ...(to === 'paid' ? { paidAt: now } : {}),
        })
        .where(eq(withdrawals.id, id))
        .returning();
      const [user] = await tx.select({ account: users.account }).from(users).where(eq(users.id, row.userId));
      await recordAudit(tx, actor, {
        action: `withdrawal.${to}`,
        target: `withdrawal:${id}`,
        before: { status: row.status },
        after: { status: to, ...details },
        at: now,
      });
      return { ...this.present(after ?? row, decimals), userId: row.userId, userAccount: user?.account ?? '' };
    });
  }

  approve(id: number, actor: Actor) {
    return this.move(id, 'pending_payment', actor);
  }

  reject(id: number, reason: string, actor: Actor) {
    return this.move(id, 'rejected', actor, { reason });
  }

  markPaid(id: number, actor: Actor) {
    return this.move(id, 'paid', actor, { payoutRef: 'manual' });
  }

  markFailed(id: number, reason: string, actor: Actor) {
    return this.move(id, 'payment_failed', actor, { reason });
  }

  /** Pays through the gateway; its answer (idempotent by order number) decides paid or failed. */
  async pay(id: number, actor: Actor) {
    const [row] = await this.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'pending_payment') throw new AppError('WITHDRAWAL_STATE', { status: row.status });
    const result = await this.gateway.payout({
      reference: row.orderNo,
      amount: row.amount - row.fee,
      accountNumber: row.accountNumber,
    });
    return result.status === 'paid'
      ? this.move(id, 'paid', actor, { payoutRef: result.providerRef })
      : this.move(id, 'payment_failed', actor, {
          reason: result.reason ?? 'payment failed',
          payoutRef: result.providerRef,
        });
  }

  async bulk(ids: number[], action: 'approve' | 'reject', reason: string | undefined, actor: Actor, lang: Language) {
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

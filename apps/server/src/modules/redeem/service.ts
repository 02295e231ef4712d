import { randomInt } from 'node:crypto';
import {
  expiryAhead,
  fromMinor,
  REDEEM_COUPON_DAYS,
  type RedeemRewardKind,
  type redeemBatchInput,
} from '@app/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { userAccountIds } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import type { RateLimiter } from '../../limits/counters.ts';
import { clientKey, enforceLimit, type LimitRule } from '../../limits/enforce.ts';
import { sha256 } from '../../security.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { issueCoupon } from '../coupons/repository.ts';
import {
  type BatchRow,
  batchById,
  batchPage,
  codeByHash,
  codesOfBatch,
  hasRedeemed,
  insertBatch,
  insertCodes,
  insertRedemption,
  settleRedemption,
  takeUse,
} from './repository.ts';
import { CODE_ALPHABET, CODE_LENGTH, codeOf, hintOf, normalizeCode, redeemRefusal } from './rules.ts';

type BatchInput = z.output<typeof redeemBatchInput>;

/**
 * Attempts a user may make, and attempts from one address (users behind one network share it):
 * enough for anyone typing codes by hand, far too few to find a code by trying.
 */
export const REDEEM_LIMITS: { perUser: LimitRule; perIp: LimitRule } = {
  perUser: { limit: 10, windowSeconds: 600 },
  perIp: { limit: 100, windowSeconds: 600 },
};

/** Codes are stored this many to a statement. */
const CODES_PER_INSERT = 1000;
const DAY_MS = 86_400_000;

/** A reward as stored (minor units, or points) to the contract's decimal string. */
function rewardAmount(kind: RedeemRewardKind, amount: bigint, decimals: number): string {
  return kind === 'points' ? amount.toString() : fromMinor(amount, decimals);
}

function newCode(): string {
  return codeOf(Array.from({ length: CODE_LENGTH }, () => randomInt(CODE_ALPHABET.length)));
}

/** Redeem codes: batches operators generate, and users redeeming them for cash, points or a coupon. */
export class RedeemService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Redeems a code once for this user, in one transaction: a use of the code taken, the user's
   * redemption written and the reward paid (a ledger entry, or a coupon). Every attempt counts
   * against the user's and the address's limits, before the code is even looked up.
   */
  async redeem(userId: number, rawCode: string, ip: string) {
    await enforceLimit(this.limiter, `redeem:user:${userId}`, REDEEM_LIMITS.perUser);
    await enforceLimit(this.limiter, `redeem:ip:${clientKey(ip)}`, REDEEM_LIMITS.perIp);
    const decimals = await this.config.get('app_currency_decimals');
    const hash = sha256(normalizeCode(rawCode));
    const found = await codeByHash(this.db, hash);
    if (!found) throw new AppError('REDEEM_CODE_INVALID');
    const { code, batch } = found;
    const now = this.clock.now();
    try {
      await inTransaction(this.db, async (tx) => {
        const useTaken = await takeUse(tx, code.id);
        const mine = await hasRedeemed(tx, code.id, userId);
        const refusal = redeemRefusal({ found: true, mine, expired: now >= batch.expiresAt, useTaken });
        if (refusal) throw new AppError(refusal);
        const redemptionId = await insertRedemption(tx, { codeId: code.id, userId, at: now });
        await settleRedemption(tx, redemptionId, await this.pay(tx, userId, batch, redemptionId, now));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'redemptions_code_user_key')) throw new AppError('REDEEM_CODE_ALREADY_USED');
      throw error;
    }
    return { reward: { kind: batch.rewardKind, amount: rewardAmount(batch.rewardKind, batch.rewardAmount, decimals) } };
  }

  /** The reward of a redemption: cash to the income wallet from the payouts account, points, or a coupon. */
  private async pay(tx: Db, userId: number, batch: BatchRow, redemptionId: number, now: Date) {
    const amount = batch.rewardAmount;
    const refs = { userId, refType: 'redemption', refId: String(redemptionId), at: now };
    if (batch.rewardKind === 'coupon') {
      const couponId = await issueCoupon(
        tx,
        {
          userId,
          name: batch.couponName,
          kind: 'amount_off',
          amount,
          minSpend: 0n,
          expiresAt: new Date(now.getTime() + REDEEM_COUPON_DAYS * DAY_MS),
          source: 'redeem',
          sourceId: String(redemptionId),
        },
        now,
      );
      return { couponId };
    }
    const accounts = await userAccountIds(tx, userId);
    const entryId =
      batch.rewardKind === 'cash'
        ? await postEntry(tx, {
            ...refs,
            type: 'other_profit',
            lines: [
              { accountId: accounts.income, asset: 'CASH', amount },
              { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -amount },
            ],
          })
        : await postEntry(tx, {
            ...refs,
            type: 'points_earned',
            lines: [
              { accountId: accounts.points, asset: 'POINTS', amount },
              { accountId: this.ledger.house('points_issued', userId), asset: 'POINTS', amount: -amount },
            ],
          });
    return { entryId };
  }

  /**
   * A batch of fresh codes, audited (without the codes) in the same transaction. Only their hashes
   * are stored: the codes exist in this answer alone.
   */
  async generate(input: BatchInput, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    if (!expiryAhead(input.expiresAt, now)) throw new AppError('EXPIRY_PASSED');
    const { kind } = input.reward;
    const batch = {
      rewardKind: kind,
      rewardAmount: kind === 'points' ? BigInt(input.reward.amount) : parseAmount(input.reward.amount, decimals),
      couponName: kind === 'coupon' ? (input.reward.name ?? {}) : {},
      count: input.count,
      usesPerCode: input.usesPerCode,
      expiresAt: new Date(input.expiresAt),
      adminId: actor.adminId,
      createdAt: now,
    };
    return inTransaction(this.db, async (tx) => {
      const batchId = await insertBatch(tx, batch);
      const codes: string[] = [];
      while (codes.length < input.count) {
        const drawn = Array.from({ length: Math.min(CODES_PER_INSERT, input.count - codes.length) }, newCode);
        const rows = drawn.map((code) => ({ code, hash: sha256(code), hint: hintOf(code) }));
        // A code drawn twice (about never at 69 bits) is drawn again.
        const stored = await insertCodes(tx, batchId, input.usesPerCode, rows);
        codes.push(...rows.filter((row) => stored.delete(row.hash)).map((row) => row.code));
      }
      await recordAudit(tx, actor, {
        action: 'redeemCodes.generate',
        target: `redeem_batches:${batchId}`,
        before: null,
        after: input,
        at: now,
      });
      return { batchId, codes };
    });
  }

  /** A batch's codes by their hints, with their uses (the screen's CSV export). */
  async codes(batchId: number) {
    const batch = await batchById(this.db, batchId);
    if (!batch) throw new AppError('NOT_FOUND');
    const rows = await codesOfBatch(this.db, batchId);
    const expiresAt = batch.expiresAt.toISOString();
    return rows.map((row) => ({ id: row.id, hint: row.hint, uses: row.uses, usesPerCode: row.usesPerCode, expiresAt }));
  }

  async batches(query: { cursor?: string; limit: number }) {
    const [rows, decimals] = await Promise.all([batchPage(this.db, query), this.config.get('app_currency_decimals')]);
    return pageOf(rows, query.limit, ({ batch, used, adminName, adminEmail }) => ({
      id: batch.id,
      count: batch.count,
      reward: {
        kind: batch.rewardKind,
        amount: rewardAmount(batch.rewardKind, batch.rewardAmount, decimals),
        name: batch.couponName.en ?? '',
        nameI18n: batch.couponName,
      },
      usesPerCode: batch.usesPerCode,
      used,
      expiresAt: batch.expiresAt.toISOString(),
      adminName,
      adminEmail,
      createdAt: batch.createdAt.toISOString(),
    }));
  }
}

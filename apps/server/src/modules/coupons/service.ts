import { type CouponKind, type CouponStatus, type couponIssueInput, expiryAhead, type Language } from '@app/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminCoupon, presentCoupon } from './presenter.ts';
import { adminCouponPage, existingUserIds, issueCoupons, userCouponPage, usersByAccount } from './repository.ts';
import { couponRecipients, namedAccounts } from './rules.ts';

type IssueInput = z.output<typeof couponIssueInput>;

/** A coupon's amount as stored: minor units for amount_off, the whole percentage for percent_off. */
export function couponAmount(kind: CouponKind, amount: string, decimals: number): bigint {
  return kind === 'percent_off' ? BigInt(amount) : parseAmount(amount, decimals);
}

/** Coupons: the user's list, and operators issuing them (draws and redeem codes issue through the repository). */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async list(userId: number, query: { status: CouponStatus; cursor?: string; limit: number }, lang: Language) {
    const now = this.clock.now();
    const [rows, decimals] = await Promise.all([
      userCouponPage(this.db, userId, query, now),
      this.config.get('app_currency_decimals'),
    ]);
    return pageOf(rows, query.limit, (row) => presentCoupon(row, now, decimals, lang));
  }

  async adminList(query: { userId?: number; status?: CouponStatus; cursor?: string; limit: number }) {
    const now = this.clock.now();
    const [rows, decimals] = await Promise.all([
      adminCouponPage(this.db, query, now),
      this.config.get('app_currency_decimals'),
    ]);
    return pageOf(rows, query.limit, (row) => presentAdminCoupon(row.coupon, row.account, now, decimals));
  }

  /**
   * One coupon to each chosen user, named by ID or account, audited in the same transaction; an
   * unknown ID or account refuses the whole issue.
   */
  async issue(input: IssueInput, actor: Actor) {
    const [decimals, defaultCountry] = await Promise.all([
      this.config.get('app_currency_decimals'),
      this.config.get('phone_default_country'),
    ]);
    const now = this.clock.now();
    if (!expiryAhead(input.expiresAt, now)) throw new AppError('EXPIRY_PASSED');
    const accounts = namedAccounts(input.accounts, defaultCountry);
    const terms = {
      name: input.name,
      kind: input.kind,
      amount: couponAmount(input.kind, input.amount, decimals),
      minSpend: parseAmount(input.minSpend, decimals),
      expiresAt: new Date(input.expiresAt),
      source: 'operator' as const,
    };
    const issued = await inTransaction(this.db, async (tx) => {
      const ids = await existingUserIds(tx, [...new Set(input.userIds)]);
      const byAccount = await usersByAccount(
        tx,
        accounts.map((named) => named.account),
      );
      const userIds = couponRecipients({ userIds: input.userIds, accounts }, { ids, byAccount });
      const count = await issueCoupons(
        tx,
        userIds.map((userId) => ({ ...terms, userId })),
        now,
      );
      await recordAudit(tx, actor, {
        action: 'coupons.issue',
        target: `users:${userIds.join(',')}`,
        before: null,
        after: { ...input, userIds },
        at: now,
      });
      return count;
    });
    return { issued };
  }
}

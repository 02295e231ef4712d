import { type CouponKind, type CouponStatus, fromMinor } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';

export interface CouponTerms {
  userId: number;
  kind: CouponKind;
  /** Minor units for `amount_off`, a whole percentage for `percent_off`. */
  amount: bigint;
  minSpend: bigint;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Used once an order took it; otherwise expired from its expiry on. */
export function couponStatus(coupon: Pick<CouponTerms, 'expiresAt' | 'usedAt'>, now: Date): CouponStatus {
  if (coupon.usedAt) return 'used';
  return now >= coupon.expiresAt ? 'expired' : 'unused';
}

/** What the coupon takes off an order of `orderAmount` (minor units): never more than the order, a percentage rounded down. */
export function discountOf(coupon: Pick<CouponTerms, 'kind' | 'amount'>, orderAmount: bigint): bigint {
  const discount = coupon.kind === 'percent_off' ? (orderAmount * coupon.amount) / 100n : coupon.amount;
  return discount < orderAmount ? discount : orderAmount;
}

/**
 * The discount a coupon gives this buyer's order, or the reason it gives none: it must be the
 * buyer's (another's is answered as not found, like an unknown one), unused, unexpired, and the
 * order must reach its minimum spend.
 */
export function couponDiscount(
  coupon: CouponTerms | undefined,
  order: { userId: number; amount: bigint; now: Date },
  currency: { symbol: string; decimals: number },
): bigint {
  if (!coupon || coupon.userId !== order.userId) throw new AppError('COUPON_NOT_FOUND');
  const status = couponStatus(coupon, order.now);
  if (status === 'used') throw new AppError('COUPON_USED');
  if (status === 'expired') throw new AppError('COUPON_EXPIRED');
  if (order.amount < coupon.minSpend) {
    throw new AppError('COUPON_MIN_SPEND', {
      minSpend: `${currency.symbol}${fromMinor(coupon.minSpend, currency.decimals)}`,
    });
  }
  return discountOf(coupon, order.amount);
}

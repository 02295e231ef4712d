import { applyRate, type Coupon, fromMinor, toMinor } from '@app/contracts';
import { compareDecimal } from '../../lib/cash';

/**
 * What the coupon takes off an order of `orderAmount`: an `amount_off` its amount, a
 * `percent_off` that share rounded down to the minor unit; never more than the order. The
 * server computes the same when it takes the order; this is only the preview.
 */
export function couponDiscount(coupon: Pick<Coupon, 'kind' | 'amount'>, orderAmount: string, decimals: number): string {
  const order = toMinor(orderAmount, decimals);
  const off =
    coupon.kind === 'amount_off'
      ? toMinor(coupon.amount, decimals)
      : applyRate(order, fromMinor(toMinor(coupon.amount, 2), 4));
  // biome-ignore lint/complexity/useMathMinMax: bigints, which Math.min does not take
  return fromMinor(off < order ? off : order, decimals);
}

/** The order's amount once the coupon is taken off (the amount itself without one). */
export function amountToPay(
  orderAmount: string,
  coupon: Pick<Coupon, 'kind' | 'amount'> | null,
  decimals: number,
): string {
  const order = toMinor(orderAmount, decimals);
  if (!coupon) return fromMinor(order, decimals);
  return fromMinor(order - toMinor(couponDiscount(coupon, orderAmount, decimals), decimals), decimals);
}

/**
 * The coupons an order of `orderAmount` may use: unused, not expired at `now`, minimum spend met;
 * the largest saving first, then the soonest to expire.
 */
export function usableCoupons<C extends Coupon>(coupons: C[], orderAmount: string, now: Date, decimals: number): C[] {
  const saving = (c: C) => toMinor(couponDiscount(c, orderAmount, decimals), decimals);
  return coupons
    .filter(
      (c) =>
        c.status === 'unused' &&
        new Date(c.expiresAt).getTime() > now.getTime() &&
        compareDecimal(c.minSpend, orderAmount) <= 0,
    )
    .sort((a, b) => {
      const bySaving = saving(b) - saving(a);
      if (bySaving !== 0n) return bySaving > 0n ? 1 : -1;
      return new Date(a.expiresAt).getTime() - new Date(b.expiresAt).getTime();
    });
}

/** True when a minimum spend asks for nothing ("0", "0.00"). */
export function noMinimum(minSpend: string): boolean {
  return !/[1-9]/.test(minSpend);
}

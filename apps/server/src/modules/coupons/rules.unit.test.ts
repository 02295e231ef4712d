import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { type CouponTerms, couponDiscount, couponStatus, discountOf } from './rules.ts';

const now = new Date('2026-03-01T12:00:00Z');
const currency = { symbol: '$', decimals: 2 };
const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  userId: 7,
  kind: 'amount_off',
  amount: 500n,
  minSpend: 0n,
  expiresAt: new Date('2026-03-02T00:00:00Z'),
  usedAt: null,
  ...terms,
});
const order = { userId: 7, amount: 10_000n, now };

describe('coupon rules', () => {
  it('an amount-off coupon takes its amount off the order', () => {
    expect(couponDiscount(coupon(), order, currency)).toBe(500n);
  });

  it('a percentage coupon takes its share of the order, rounded down', () => {
    expect(discountOf({ kind: 'percent_off', amount: 15n }, 999n)).toBe(149n);
  });

  it('a discount is never more than the order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('amount_off' as const, 'percent_off' as const),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (kind, amount, orderAmount) => {
          const discount = discountOf(
            { kind, amount: kind === 'percent_off' ? (amount % 100n) + 1n : amount },
            orderAmount,
          );
          return discount >= 0n && discount <= orderAmount;
        },
      ),
    );
  });

  it("someone else's coupon is answered as one that does not exist", () => {
    expect(() => couponDiscount(coupon({ userId: 8 }), order, currency)).toThrowError(new AppError('COUPON_NOT_FOUND'));
    expect(() => couponDiscount(undefined, order, currency)).toThrowError(new AppError('COUPON_NOT_FOUND'));
  });

  it('a used coupon is refused, and an expired one from its expiry on', () => {
    expect(() => couponDiscount(coupon({ usedAt: now }), order, currency)).toThrowError(new AppError('COUPON_USED'));
    expect(() => couponDiscount(coupon({ expiresAt: now }), order, currency)).toThrowError(
      new AppError('COUPON_EXPIRED'),
    );
    expect(couponStatus(coupon({ expiresAt: new Date(now.getTime() + 1) }), now)).toBe('unused');
  });

  it('an order below the minimum spend is refused with that minimum in the currency', () => {
    expect(() => couponDiscount(coupon({ minSpend: 10_001n }), order, currency)).toThrowError(
      new AppError('COUPON_MIN_SPEND', { minSpend: '$100.01' }),
    );
    expect(couponDiscount(coupon({ minSpend: 10_000n }), order, currency)).toBe(500n);
  });
});

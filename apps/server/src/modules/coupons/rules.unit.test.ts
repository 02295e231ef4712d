import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import {
  type CouponTerms,
  couponDiscount,
  couponRecipients,
  couponStatus,
  discountOf,
  namedAccounts,
} from './rules.ts';

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

describe('who an operator issues coupons to', () => {
  const found = {
    ids: new Set([7, 8]),
    byAccount: new Map([
      ['ada@example.com', 7],
      ['+2348031234567', 9],
    ]),
  };

  it('reads accounts as sign-in does: emails in lower case, phones typed the national way in E.164', () => {
    expect(namedAccounts(['Ada@Example.com', '0803 123 4567'], 'NG')).toEqual([
      { typed: 'Ada@Example.com', account: 'ada@example.com' },
      { typed: '0803 123 4567', account: '+2348031234567' },
    ]);
  });

  it('reaches each user once, by ID or account', () => {
    const accounts = namedAccounts(['ADA@example.com', '+234 803 123 4567', '08031234567'], 'NG');
    expect(couponRecipients({ userIds: [8, 7], accounts }, found)).toEqual([8, 7, 9]);
  });

  it('refuses the whole issue, naming each unknown ID and account as typed', () => {
    const accounts = namedAccounts(['ada@example.com', 'Nobody@Example.com', '0803 000 0000'], 'NG');
    expect(() => couponRecipients({ userIds: [7, 12], accounts }, found)).toThrowError(
      new AppError('COUPON_USERS_UNKNOWN', { users: '#12, Nobody@Example.com, 0803 000 0000' }),
    );
  });
});

import type { Coupon } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { amountToPay, couponDiscount, noMinimum, usableCoupons } from './couponMath';

const NOW = new Date('2026-11-25T12:00:00Z');
const coupon = (over: Partial<Coupon>): Coupon => ({
  id: 1,
  name: 'Welcome',
  kind: 'amount_off',
  amount: '10.00',
  minSpend: '0.00',
  expiresAt: '2026-12-31T00:00:00Z',
  status: 'unused',
  ...over,
});

describe('coupons on a purchase', () => {
  it('takes an amount off, never more than the order', () => {
    expect(couponDiscount(coupon({ amount: '10.00' }), '100.00', 2)).toBe('10.00');
    expect(amountToPay('100.00', coupon({ amount: '10.00' }), 2)).toBe('90.00');
    expect(amountToPay('8.00', coupon({ amount: '10.00' }), 2)).toBe('0.00');
  });

  it('takes a percentage off, rounded down to the minor unit', () => {
    expect(couponDiscount(coupon({ kind: 'percent_off', amount: '15' }), '99.99', 2)).toBe('14.99');
    expect(amountToPay('99.99', coupon({ kind: 'percent_off', amount: '15' }), 2)).toBe('85.00');
    expect(amountToPay('50', coupon({ kind: 'percent_off', amount: '100' }), 0)).toBe('0');
  });

  it('pays the whole price without a coupon', () => {
    expect(amountToPay('120.50', null, 2)).toBe('120.50');
  });

  it('offers only unused, unexpired coupons whose minimum the order meets, the largest saving first', () => {
    const list = [
      coupon({ id: 1, amount: '5.00' }),
      coupon({ id: 2, status: 'used' }),
      coupon({ id: 3, expiresAt: '2026-11-25T11:59:59Z' }),
      coupon({ id: 4, minSpend: '200.00' }),
      coupon({ id: 5, kind: 'percent_off', amount: '20' }),
      coupon({ id: 6, minSpend: '100.00', amount: '5.00', expiresAt: '2026-12-01T00:00:00Z' }),
    ];
    expect(usableCoupons(list, '100.00', NOW, 2).map((c) => c.id)).toEqual([5, 6, 1]);
  });

  it('reads a zero minimum spend as none', () => {
    expect(noMinimum('0.00')).toBe(true);
    expect(noMinimum('0')).toBe(true);
    expect(noMinimum('0.50')).toBe(false);
  });
});

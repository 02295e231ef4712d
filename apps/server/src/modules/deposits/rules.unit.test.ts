import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { assertDepositAmount, depositReference, paidAgain, paidMismatch, referenceOf } from './rules.ts';

describe('the amount of a top-up', () => {
  const method = { min: '10.00', max: '50000.00' };
  const naira = { symbol: '₦', decimals: 2 };

  it('from the method’s minimum to its maximum is allowed', () => {
    expect(() => assertDepositAmount(10_00n, method, naira)).not.toThrow();
    expect(() => assertDepositAmount(50_000_00n, method, naira)).not.toThrow();
  });

  it('below the minimum or above the maximum is refused, naming the limit in the currency', () => {
    expect(() => assertDepositAmount(9_99n, method, naira)).toThrowError(
      new AppError('DEPOSIT_BELOW_MIN', { min: '₦10.00' }),
    );
    expect(() => assertDepositAmount(50_000_01n, method, naira)).toThrowError(
      new AppError('DEPOSIT_ABOVE_MAX', { max: '₦50000.00' }),
    );
  });
});

describe('a provider’s success that does not match the top-up', () => {
  const deposit = { amount: 500_00n };
  const expected = { decimals: 2, currency: 'NGN' };

  it('the same amount in the expected currency matches', () => {
    expect(paidMismatch({ amount: '500.00', currency: 'NGN' }, deposit, expected)).toBeNull();
    expect(paidMismatch({ amount: '500', currency: 'NGN' }, deposit, expected)).toBeNull();
  });

  it('another amount is named with the one asked', () => {
    expect(paidMismatch({ amount: '50.00', currency: 'NGN' }, deposit, expected)).toBe(
      'paid 50.00 NGN for a top-up of 500.00',
    );
  });

  it('an amount that cannot be read does not match', () => {
    expect(paidMismatch({ amount: 'five hundred', currency: 'NGN' }, deposit, expected)).toBe(
      'paid five hundred NGN for a top-up of 500.00',
    );
  });

  it('another currency is named; a provider of no fixed currency accepts any', () => {
    expect(paidMismatch({ amount: '500.00', currency: 'GHS' }, deposit, expected)).toBe('paid in GHS, expected NGN');
    expect(paidMismatch({ amount: '500.00', currency: 'GHS' }, deposit, { decimals: 2, currency: null })).toBeNull();
  });
});

describe('the references of a top-up at its provider', () => {
  it('the first is its transId, a later one carries its number, and each names the top-up back', () => {
    expect(depositReference('D202612011234567', 1)).toBe('D202612011234567');
    expect(depositReference('D202612011234567', 2)).toBe('D202612011234567-2');
    for (const n of [1, 2, 3, 12]) {
      expect(referenceOf(depositReference('D202612011234567', n))).toEqual({ transId: 'D202612011234567', n });
    }
  });

  it('a second success under another reference is named for an operator; the same payment again is not', () => {
    const credited = { providerRef: 'paystack:41' };
    expect(paidAgain({ transId: 'D1', providerRef: 'paystack:41' }, credited)).toBeNull();
    expect(paidAgain({ transId: 'D1-2', providerRef: 'paystack:42' }, credited)).toBe(
      'paid again under D1-2 (paystack:42): credited once, refund it at the provider',
    );
  });
});

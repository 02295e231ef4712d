import { configDefaults } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import {
  assertCanWithdraw,
  assertDailyCount,
  assertWithdrawalAmount,
  assertWithdrawalsOpen,
  nextOpening,
  withdrawalBlock,
  withdrawalFee,
  withdrawalTerms,
} from './rules.ts';

/** Defaults: step 100.00, 100.00 to 50,000.00, fee 5 %, Monday to Friday 09:00–17:00 in Africa/Lagos (UTC+1). */
const cfg = configDefaults;
/** Monday 2 March 2026, 10:00 in Lagos. */
const mondayMorning = new Date('2026-03-02T09:00:00Z');

describe('the amount of a withdrawal', () => {
  it('a withdrawal of 200 with step 100 is allowed; 150 is refused, naming the step', () => {
    expect(() => assertWithdrawalAmount(200_00n, cfg)).not.toThrow();
    expect(() => assertWithdrawalAmount(150_00n, cfg)).toThrowError(new AppError('WITHDRAW_STEP', { step: '$100.00' }));
  });

  it('below the minimum or above the maximum is refused, naming the limit', () => {
    const anyStep = { ...cfg, withdraw_step: '0.00' };
    expect(() => assertWithdrawalAmount(99_99n, anyStep)).toThrowError(
      new AppError('WITHDRAW_BELOW_MIN', { min: '$100.00' }),
    );
    expect(() => assertWithdrawalAmount(100_00n, anyStep)).not.toThrow();
    expect(() => assertWithdrawalAmount(50_000_00n, anyStep)).not.toThrow();
    expect(() => assertWithdrawalAmount(50_000_01n, anyStep)).toThrowError(
      new AppError('WITHDRAW_ABOVE_MAX', { max: '$50000.00' }),
    );
  });

  it('a step of 0 allows any amount within the limits', () => {
    expect(() => assertWithdrawalAmount(123_45n, { ...cfg, withdraw_step: '0.00' })).not.toThrow();
  });

  it('the step is judged before the minimum: 0.50 answers the step, 0 (a multiple of every step) the minimum', () => {
    expect(() => assertWithdrawalAmount(0n, cfg)).toThrowError(new AppError('WITHDRAW_BELOW_MIN', { min: '$100.00' }));
    expect(() => assertWithdrawalAmount(50n, cfg)).toThrowError(new AppError('WITHDRAW_STEP', { step: '$100.00' }));
  });

  it('with a step of 100, exactly the multiples of 100 pass the step rule', () => {
    const noLimits = { ...cfg, withdraw_min: '0.00', withdraw_max: '99999999.00' };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_900n }), (amount) => {
        const judged = () => assertWithdrawalAmount(amount, noLimits);
        if (amount % 100_00n === 0n) expect(judged).not.toThrow();
        else expect(judged).toThrowError(new AppError('WITHDRAW_STEP', { step: '$100.00' }));
      }),
    );
  });
});

describe('the fee of a withdrawal', () => {
  it('5 % of 1,000.00 is 50.00; the payee receives 950.00', () => {
    expect(withdrawalFee(1_000_00n, '0.05')).toEqual({ fee: 50_00n, net: 950_00n });
  });

  it('the fee is rounded down: 5 % of 0.19 is 0.00', () => {
    expect(withdrawalFee(19n, '0.05')).toEqual({ fee: 0n, net: 19n });
  });

  it('for any amount and rate, fee + net = amount, and the fee is neither negative nor more than the amount', () => {
    const rates = fc.integer({ min: 0, max: 1_000_000 }).map((millionths) => (millionths / 1_000_000).toFixed(6));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), rates, (amount, rate) => {
        const { fee, net } = withdrawalFee(amount, rate);
        expect(fee + net).toBe(amount);
        expect(fee >= 0n && fee <= amount).toBe(true);
      }),
    );
  });
});

describe('when withdrawals are open, in the platform’s time zone', () => {
  const open = (iso: string) => () => assertWithdrawalsOpen(new Date(iso), cfg, 'en');

  it('Monday 09:00 to 16:59 in Lagos is open; 17:00 is closed, naming the hours', () => {
    expect(open('2026-03-02T08:00:00Z')).not.toThrow();
    expect(open('2026-03-02T15:59:59Z')).not.toThrow();
    expect(open('2026-03-02T16:00:00Z')).toThrowError(
      new AppError('WITHDRAW_CLOSED_HOURS', { from: '09:00', to: '17:00' }),
    );
    expect(open('2026-03-02T07:59:59Z')).toThrowError(
      new AppError('WITHDRAW_CLOSED_HOURS', { from: '09:00', to: '17:00' }),
    );
  });

  it('Saturday is closed, naming the open days in the request’s language', () => {
    const days = 'Monday, Tuesday, Wednesday, Thursday, Friday';
    expect(open('2026-03-07T10:00:00Z')).toThrowError(new AppError('WITHDRAW_CLOSED_DAY', { days }));
  });

  it('the day is the platform’s: Sunday 23:30 UTC is Monday 00:30 in Lagos, a closed hour of an open day', () => {
    expect(open('2026-03-01T23:30:00Z')).toThrowError(
      new AppError('WITHDRAW_CLOSED_HOURS', { from: '09:00', to: '17:00' }),
    );
  });

  it('across a daylight-saving change, the hours are the local clock’s (Paris, 30 March 2026)', () => {
    const paris = { ...cfg, timezone: 'Europe/Paris', withdraw_days: [1] };
    // Monday 30 March 2026 is the day after the clocks went forward: 09:00 local is 07:00 UTC.
    expect(() => assertWithdrawalsOpen(new Date('2026-03-30T07:00:00Z'), paris, 'en')).not.toThrow();
    expect(() => assertWithdrawalsOpen(new Date('2026-03-30T06:59:59Z'), paris, 'en')).toThrowError(
      new AppError('WITHDRAW_CLOSED_HOURS', { from: '09:00', to: '17:00' }),
    );
  });
});

describe('how many withdrawals a day', () => {
  it('with a daily count of 1, the first request of the day is allowed and the second refused', () => {
    expect(() => assertDailyCount(0, 1)).not.toThrow();
    expect(() => assertDailyCount(1, 1)).toThrowError(new AppError('WITHDRAW_DAILY_COUNT', { count: 1 }));
  });

  it('a daily count of 0 closes withdrawals', () => {
    expect(() => assertDailyCount(0, 0)).toThrowError(new AppError('WITHDRAW_DAILY_COUNT', { count: 0 }));
  });
});

describe('whether any withdrawal can be made now: the withdraw page, the quote and the request alike', () => {
  /** One request a day, none made yet, 1,000.00 of income. */
  const free = { madeToday: 0, perDay: 1, incomeBalance: 1_000_00n };
  const block = (iso: string, standing = free, lang: 'en' | 'fr' = 'en') =>
    withdrawalBlock(new Date(iso), cfg, standing, lang);

  it('Monday morning with a request left and the minimum in the income wallet: nothing stops a withdrawal', () => {
    expect(block('2026-03-02T09:00:00Z')).toBeNull();
    expect(block('2026-03-02T09:00:00Z', { ...free, incomeBalance: 100_00n })).toBeNull();
  });

  it('on a closed day: the open days, in the user’s language, and Monday 09:00 as the next opening', () => {
    expect(block('2026-03-07T10:00:00Z', free, 'fr')).toEqual({
      key: 'WITHDRAW_CLOSED_DAY',
      params: { days: 'lundi, mardi, mercredi, jeudi, vendredi' },
      opensAt: new Date('2026-03-09T08:00:00Z'),
    });
  });

  it('with today’s requests used up: the count, and the next open day’s opening, whatever the hour', () => {
    const usedUp = { ...free, madeToday: 1 };
    expect(block('2026-03-02T09:00:00Z', usedUp)).toEqual({
      key: 'WITHDRAW_DAILY_COUNT',
      params: { count: 1 },
      opensAt: new Date('2026-03-03T08:00:00Z'),
    });
    // Friday evening: Monday.
    expect(block('2026-03-06T17:30:00Z', usedUp)?.opensAt).toEqual(new Date('2026-03-09T08:00:00Z'));
  });

  it('a daily count of none never opens by waiting', () => {
    expect(block('2026-03-02T09:00:00Z', { ...free, perDay: 0 })).toMatchObject({
      key: 'WITHDRAW_DAILY_COUNT',
      opensAt: null,
    });
  });

  it('before the hours: they open the same day; after them, the next open day', () => {
    expect(block('2026-03-02T07:00:00Z')).toEqual({
      key: 'WITHDRAW_CLOSED_HOURS',
      params: { from: '09:00', to: '17:00' },
      opensAt: new Date('2026-03-02T08:00:00Z'),
    });
    expect(block('2026-03-02T16:00:00Z')?.opensAt).toEqual(new Date('2026-03-03T08:00:00Z'));
  });

  it('with an income balance below the minimum: the minimum, and no time to wait for', () => {
    expect(block('2026-03-02T09:00:00Z', { ...free, incomeBalance: 99_99n })).toEqual({
      key: 'WITHDRAW_BELOW_MIN',
      params: { min: '$100.00' },
      opensAt: null,
    });
  });

  it('a closed day comes before the count, the count before the hours, the hours before the balance', () => {
    const nothing = { madeToday: 1, perDay: 1, incomeBalance: 0n };
    expect(block('2026-03-07T10:00:00Z', nothing)?.key).toBe('WITHDRAW_CLOSED_DAY');
    expect(block('2026-03-02T16:00:00Z', nothing)?.key).toBe('WITHDRAW_DAILY_COUNT');
    expect(block('2026-03-02T16:00:00Z', { ...nothing, madeToday: 0 })?.key).toBe('WITHDRAW_CLOSED_HOURS');
  });

  it('the refusal is the block’s key and values', () => {
    expect(() =>
      assertCanWithdraw(new Date('2026-03-02T09:00:00Z'), cfg, { ...free, madeToday: 1 }, 'en'),
    ).toThrowError(new AppError('WITHDRAW_DAILY_COUNT', { count: 1 }));
  });
});

describe('when withdrawals open next, in the platform’s time zone', () => {
  it('is never, with no open day', () => {
    expect(nextOpening(mondayMorning, { ...cfg, withdraw_days: [] })).toBeNull();
  });

  it('follows the local clock across a daylight-saving change (Paris, Sunday 29 March 2026)', () => {
    const paris = { ...cfg, timezone: 'Europe/Paris' };
    // Saturday 28 March, noon in Paris (UTC+1); Monday 30 March, 09:00 is 07:00 UTC (UTC+2).
    expect(nextOpening(new Date('2026-03-28T11:00:00Z'), paris)).toEqual(new Date('2026-03-30T07:00:00Z'));
  });

  it('the platform’s day decides “today”: Sunday 23:30 UTC is Monday 00:30 in Lagos, open at 09:00 that Monday', () => {
    expect(nextOpening(new Date('2026-03-01T23:30:00Z'), cfg)).toEqual(new Date('2026-03-02T08:00:00Z'));
  });
});

describe('every term together', () => {
  const at = (iso: string) => ({
    now: new Date(iso),
    lang: 'en' as const,
    standing: { madeToday: 0, perDay: 1, incomeBalance: 1_000_00n },
  });

  it('1,000.00 on Monday morning: amount, fee and net in minor units', () => {
    expect(withdrawalTerms('1000.00', cfg, at('2026-03-02T09:00:00Z'))).toEqual({
      amount: 1_000_00n,
      fee: 50_00n,
      net: 950_00n,
    });
  });

  it('an amount with more decimals than the currency has is refused before the amount’s other terms', () => {
    expect(() => withdrawalTerms('100.001', cfg, at('2026-03-02T09:00:00Z'))).toThrowError(
      new AppError('AMOUNT_INVALID', { decimals: 2 }),
    );
  });

  it('whether a withdrawal can be made at all comes before the amount: 150 on a Saturday answers the closed day', () => {
    expect(() => withdrawalTerms('150', cfg, at('2026-03-07T10:00:00Z'))).toThrowError(
      new AppError('WITHDRAW_CLOSED_DAY', { days: 'Monday, Tuesday, Wednesday, Thursday, Friday' }),
    );
  });
});

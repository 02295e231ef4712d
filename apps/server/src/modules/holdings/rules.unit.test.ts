import { configDefaults } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { assertCollectionOpen, type Collectable, collectionOf } from './rules.ts';

describe('collection days, in the platform’s time zone', () => {
  /** Defaults: Monday to Friday in Africa/Lagos (UTC+1). */
  const open = (iso: string) => () => assertCollectionOpen(new Date(iso), configDefaults, 'en');

  it('Friday is open; Saturday answers COLLECT_CLOSED naming the open days', () => {
    expect(open('2026-03-06T12:00:00Z')).not.toThrow();
    expect(open('2026-03-07T12:00:00Z')).toThrowError(
      new AppError('COLLECT_CLOSED', { days: 'Monday, Tuesday, Wednesday, Thursday, Friday' }),
    );
  });

  it('the days are named in the request’s language', () => {
    const weekend = { ...configDefaults, collect_days: [0, 6] };
    expect(() => assertCollectionOpen(new Date('2026-03-02T12:00:00Z'), weekend, 'fr')).toThrowError(
      new AppError('COLLECT_CLOSED', { days: 'dimanche, samedi' }),
    );
  });

  it('the day changes at midnight in Lagos: Friday 23:30 UTC is already Saturday', () => {
    expect(open('2026-03-06T22:59:59Z')).not.toThrow();
    expect(open('2026-03-06T23:00:00Z')).toThrow(AppError);
  });

  it('in a zone with daylight saving, Sunday ends at local midnight on both sides of the change (New York)', () => {
    const newYork = { collect_days: [1], timezone: 'America/New_York' };
    // 8 March 2026 the clocks go forward: Monday begins at 04:00 UTC, not 05:00.
    expect(() => assertCollectionOpen(new Date('2026-03-09T03:59:59Z'), newYork, 'en')).toThrow(AppError);
    expect(() => assertCollectionOpen(new Date('2026-03-09T04:00:00Z'), newYork, 'en')).not.toThrow();
    // 1 November 2026 they go back: Monday begins at 05:00 UTC.
    expect(() => assertCollectionOpen(new Date('2026-11-02T04:59:59Z'), newYork, 'en')).toThrow(AppError);
    expect(() => assertCollectionOpen(new Date('2026-11-02T05:00:00Z'), newYork, 'en')).not.toThrow();
  });

  it('no collection days: never open', () => {
    const never = { ...configDefaults, collect_days: [] };
    expect(() => assertCollectionOpen(new Date('2026-03-02T12:00:00Z'), never, 'en')).toThrowError(
      new AppError('COLLECT_CLOSED', { days: '' }),
    );
  });
});

describe('what a collection takes', () => {
  const machine = (id: number, uncollected: bigint, status: Collectable['status'] = 'holding'): Collectable => ({
    id,
    status,
    uncollected,
  });

  it('collecting all takes the sum of every machine’s income and empties those that had some', () => {
    expect(collectionOf([machine(1, 3_00n), machine(2, 0n), machine(3, 1_50n)], undefined)).toEqual({
      amount: 4_50n,
      emptied: [1, 3],
    });
  });

  it('collecting one machine takes its income', () => {
    expect(collectionOf([machine(7, 2_25n)], 7)).toEqual({ amount: 2_25n, emptied: [7] });
  });

  it('a machine that is not the user’s answers HOLDING_NOT_FOUND', () => {
    expect(() => collectionOf([], 7)).toThrowError(new AppError('HOLDING_NOT_FOUND'));
  });

  it('nothing waiting answers NOTHING_TO_COLLECT, or MACHINE_EXPIRED for an expired machine asked by id', () => {
    expect(() => collectionOf([], undefined)).toThrowError(new AppError('NOTHING_TO_COLLECT'));
    expect(() => collectionOf([machine(7, 0n)], 7)).toThrowError(new AppError('NOTHING_TO_COLLECT'));
    expect(() => collectionOf([machine(7, 0n, 'expired')], 7)).toThrowError(new AppError('MACHINE_EXPIRED'));
  });

  it('an expired machine with income left is collected like any other', () => {
    expect(collectionOf([machine(7, 80n, 'expired')], 7)).toEqual({ amount: 80n, emptied: [7] });
  });

  it('whatever the machines, the amount taken is what the emptied machines held', () => {
    const machines = fc.array(
      fc.record({
        id: fc.nat(),
        uncollected: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        status: fc.constant('holding' as const),
      }),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(machines, (all) => {
        fc.pre(all.some((one) => one.uncollected > 0n));
        const { amount, emptied } = collectionOf(all, undefined);
        const held = all.filter((one) => emptied.includes(one.id)).reduce((sum, one) => sum + one.uncollected, 0n);
        expect(amount).toBe(held);
      }),
    );
  });
});

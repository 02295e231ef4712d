import { describe, expect, it } from 'vitest';
import { periodDates, periodIncome } from './rules.ts';

describe('a statistics period', () => {
  it('is the given number of days ending today, oldest first', () => {
    expect(periodDates('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('crosses a year end and keeps 90 days', () => {
    const dates = periodDates('2026-01-15', 90);
    expect(dates).toHaveLength(90);
    expect(dates[0]).toBe('2025-10-18');
    expect(dates.at(-1)).toBe('2026-01-15');
  });
});

describe("a period's income", () => {
  const dates = ['2026-02-28', '2026-03-01', '2026-03-02'];
  const types = ['product_profit', 'other_profit', 'repurchase_bonus'];

  it('shows a day without income as zero, adds the types of a day, and totals only the days of the period', () => {
    const earned = [
      { day: '2026-02-28', type: 'product_profit', amount: 100n },
      { day: '2026-02-28', type: 'other_profit', amount: 50n },
      { day: '2026-03-02', type: 'product_profit', amount: 25n },
      { day: '2026-01-01', type: 'product_profit', amount: 9999n },
    ];
    const income = periodIncome(dates, types, earned);
    expect(income.days).toEqual([
      { date: '2026-02-28', income: 150n },
      { date: '2026-03-01', income: 0n },
      { date: '2026-03-02', income: 25n },
    ]);
    expect(income.total).toBe(175n);
  });

  it("splits the period's income by type, every type listed, in the order given, older income left out", () => {
    const earned = [
      { day: '2026-03-01', type: 'other_profit', amount: 40n },
      { day: '2026-03-02', type: 'other_profit', amount: 2n },
      { day: '2026-02-27', type: 'repurchase_bonus', amount: 500n },
    ];
    expect(periodIncome(dates, types, earned).byType).toEqual([
      { type: 'product_profit', amount: 0n },
      { type: 'other_profit', amount: 42n },
      { type: 'repurchase_bonus', amount: 0n },
    ]);
  });
});

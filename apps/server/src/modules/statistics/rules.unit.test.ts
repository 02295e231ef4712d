import { describe, expect, it } from 'vitest';
import { dailyIncome, periodDates } from './rules.ts';

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

describe('income per day', () => {
  it('shows a day without income as zero and totals only the days of the period', () => {
    const earned = new Map([
      ['2026-02-28', 150n],
      ['2026-03-02', 25n],
      ['2026-01-01', 9999n],
    ]);
    expect(dailyIncome(['2026-02-28', '2026-03-01', '2026-03-02'], earned)).toEqual({
      days: [
        { date: '2026-02-28', income: 150n },
        { date: '2026-03-01', income: 0n },
        { date: '2026-03-02', income: 25n },
      ],
      total: 175n,
    });
  });
});

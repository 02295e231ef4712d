import { describe, expect, it } from 'vitest';
import { incomeBars, labelledDates } from './chart';

const day = (date: string, income: string) => ({ date, income });

describe('the income chart', () => {
  it('draws the best day to the top and the others in proportion, side by side', () => {
    const bars = incomeBars([day('2026-11-01', '10.00'), day('2026-11-02', '5.00')], 200, 100);
    expect(bars.map((bar) => [bar.height, bar.y])).toEqual([
      [100, 0],
      [50, 50],
    ]);
    expect(bars[0]?.x).toBeLessThan(bars[1]?.x ?? 0);
    expect((bars[0]?.width ?? 0) + (bars[0]?.x ?? 0)).toBeLessThanOrEqual(100);
  });

  it('draws no bar for a day without income, and keeps a tiny day visible', () => {
    const bars = incomeBars(
      [day('2026-11-01', '0.00'), day('2026-11-02', '0.01'), day('2026-11-03', '1000.00')],
      90,
      100,
    );
    expect(bars[0]?.height).toBe(0);
    expect(bars[1]?.height).toBe(1);
  });

  it('draws nothing above the baseline for a period without income', () => {
    const bars = incomeBars([day('2026-11-01', '0.00'), day('2026-11-02', '0.00')], 100, 50);
    expect(bars.every((bar) => bar.height === 0 && bar.y === 50)).toBe(true);
  });

  it('labels the first, middle and last dates', () => {
    const dates = Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1}`);
    expect(labelledDates(dates)).toEqual(['2026-11-01', '2026-11-04', '2026-11-07']);
    expect(labelledDates(['2026-11-01'])).toEqual(['2026-11-01']);
  });
});

import { describe, expect, it } from 'vitest';
import { niceTicks } from './BarChart.tsx';

describe('niceTicks', () => {
  it('covers the maximum with round steps from zero', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('gives a unit axis without data', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { hasPrize, medalOf, msLeft } from './rankText';

describe('the team rank page', () => {
  it("counts the time left from the server's answer, whatever the device's clock says", () => {
    const answeredAt = 1_000_000;
    expect(msLeft(90, answeredAt, answeredAt)).toBe(90_000);
    expect(msLeft(90, answeredAt, answeredAt + 30_500)).toBe(59_500);
    expect(msLeft(90, answeredAt, answeredAt + 120_000)).toBe(0);
    // A clock set back after the answer does not add time.
    expect(msLeft(90, answeredAt, answeredAt - 5_000)).toBe(90_000);
  });

  it('gives the first three ranks a medal', () => {
    expect([1, 2, 3, 4].map(medalOf)).toEqual(['gold', 'silver', 'bronze', null]);
  });

  it('shows a prize only when there is one', () => {
    expect(hasPrize('100.00')).toBe(true);
    expect(hasPrize('0.50')).toBe(true);
    expect(hasPrize('0.00')).toBe(false);
    expect(hasPrize('0')).toBe(false);
  });
});

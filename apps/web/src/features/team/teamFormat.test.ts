import { describe, expect, it } from 'vitest';
import { ratePercent } from './teamFormat';

describe('a referral rate shown as a percentage', () => {
  it('moves the decimal point two places', () => {
    expect(ratePercent('0.10')).toBe('10');
    expect(ratePercent('0.05')).toBe('5');
    expect(ratePercent('0.02')).toBe('2');
  });

  it('keeps the decimals a rate has beyond whole percents, exactly', () => {
    expect(ratePercent('0.035')).toBe('3.5');
    expect(ratePercent('0.000001')).toBe('0.0001');
  });

  it('reads a whole rate and a rate of nothing', () => {
    expect(ratePercent('1')).toBe('100');
    expect(ratePercent('0')).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatPoints, formatRelative } from './format';

describe('formatting', () => {
  it('money keeps the decimal string, adds the currency symbol and thousands grouping', () => {
    expect(formatMoney('1234567.50', '$')).toBe('$1,234,567.50');
    expect(formatMoney('0.00', '₦')).toBe('₦0.00');
    expect(formatMoney('-1200.00', '$')).toBe('-$1,200.00');
  });
  it('points are grouped without a symbol', () => {
    expect(formatPoints('12000.00')).toBe('12,000');
    expect(formatPoints('5')).toBe('5');
  });
  it('dates follow the chosen language', () => {
    const date = '2026-03-05T10:00:00Z';
    expect(formatDate(date, 'en')).toMatch(/Mar/);
    expect(formatDate(date, 'zh')).toMatch(/2026年/);
  });
  it("relative time says 'just now' under 300 seconds", () => {
    const now = Date.parse('2026-03-05T10:00:00Z');
    expect(formatRelative(now - 299_000, 'en', 'just now', now)).toBe('just now');
    expect(formatRelative(now - 600_000, 'en', 'just now', now)).toMatch(/10 minutes ago/);
  });
});

import { CYCLES, LANGUAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '../i18n';
import { formatRelative } from './format';
import {
  countdownParts,
  durationKey,
  formatCountdown,
  incomeLabelKey,
  isPositive,
  progressPercent,
} from './productText';

// The app loads one language at a time; these checks read all six.
await i18nReady;
await i18n.loadLanguages([...LANGUAGES]);

describe('countdown formatting', () => {
  it('shows hh:mm:ss under a day and prefixes whole days', () => {
    expect(formatCountdown(59_000, 'en')).toBe('00:00:59');
    expect(formatCountdown(3_723_000, 'en')).toBe('01:02:03');
    expect(formatCountdown(86_400_000 + 3_723_999, 'en')).toBe('1d 01:02:03');
    expect(formatCountdown(3 * 86_400_000, 'zh')).toBe('3天 00:00:00');
  });
  it('writes the days the language’s way: “1 ngày” in Vietnamese, with its space, “2j” in French', () => {
    expect(formatCountdown(86_400_000, 'vi')).toBe('1 ngày 00:00:00');
    expect(formatCountdown(2 * 86_400_000 + 1000, 'fr').replace(/\u00a0|\u202f/g, ' ')).toBe('2j 00:00:01');
    for (const language of LANGUAGES) expect(formatCountdown(86_400_000, language)).toMatch(/^1\D/);
  });
  it('stops at zero', () => {
    expect(formatCountdown(0, 'en')).toBe('00:00:00');
    expect(formatCountdown(-5000, 'en')).toBe('00:00:00');
    expect(countdownParts(Number.NaN)).toBeNull();
  });
});

describe('cycle labels', () => {
  it('maps each cycle to its income label in every language', () => {
    for (const language of LANGUAGES) {
      const labels = CYCLES.map((cycle) => i18n.t(incomeLabelKey(cycle), { lng: language }));
      expect(new Set(labels).size).toBe(3);
      for (const label of labels) expect(label).not.toMatch(/^product\./);
    }
    expect(i18n.t(incomeLabelKey('hour'), { lng: 'en' })).toBe('Hourly income');
    expect(i18n.t(incomeLabelKey('day'), { lng: 'en' })).toBe('Daily income');
    expect(i18n.t(incomeLabelKey('week'), { lng: 'en' })).toBe('Weekly income');
  });
  it('pluralises the duration (cycles × cycle)', () => {
    expect(i18n.t(durationKey('day'), { count: 1, lng: 'en' })).toBe('1 day');
    expect(i18n.t(durationKey('day'), { count: 30, lng: 'en' })).toBe('30 days');
    expect(i18n.t(durationKey('hour'), { count: 24, lng: 'fr' })).toBe('24 heures');
    expect(i18n.t(durationKey('week'), { count: 4, lng: 'zh' })).toBe('4 周');
  });
});

describe('product figures', () => {
  it('clamps the progress', () => {
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(12, 10)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
  it('tells a positive decimal string', () => {
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('-1.00')).toBe(false);
  });
});

describe('relative time (docs/product.md#shared-widgets) for the next income', () => {
  const now = Date.parse('2026-03-05T10:00:00Z');
  it("says 'just now' within 300 seconds either way", () => {
    expect(formatRelative(now + 120_000, 'en', 'just now', now)).toBe('just now');
    expect(formatRelative(now - 120_000, 'en', 'just now', now)).toBe('just now');
  });
  it('counts minutes, hours and days into the future', () => {
    expect(formatRelative(now + 20 * 60_000, 'en', 'just now', now)).toBe('in 20 minutes');
    expect(formatRelative(now + 3 * 3_600_000, 'en', 'just now', now)).toBe('in 3 hours');
    expect(formatRelative(now + 3 * 86_400_000, 'en', 'just now', now)).toBe('in 3 days');
    expect(formatRelative(now - 2 * 3_600_000, 'en', 'just now', now)).toBe('2 hours ago');
  });
  it("falls back to the date after 30 days, in the spec's yyyy-mm-dd", () => {
    expect(formatRelative(now - 40 * 86_400_000, 'zh', '刚刚', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

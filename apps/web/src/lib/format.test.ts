import { configDefaults, type Language } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../store/session';
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPoints,
  formatRelative,
  formatShare,
} from './format';

/** Intl writes French groups with a narrow no-break space; the tests spell it with a plain one. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function useConfig(values: { timezone?: string; date_format?: (typeof configDefaults)['date_format'] }) {
  sessionStore.set({ config: { ...configDefaults, ...values } as never });
}

afterEach(() => sessionStore.set({ config: null, language: 'en' }));

describe('money', () => {
  const amounts: Record<Language, string> = {
    en: '$1,234.50',
    es: '1.234,50 $',
    fr: '1 234,50 $',
    vi: '1.234,50 $',
    th: '$1,234.50',
    zh: '$1,234.50',
  };
  for (const [language, expected] of Object.entries(amounts) as [Language, string][]) {
    it(`is written with ${language}'s grouping and decimal signs`, () => {
      expect(plain(formatMoney('1234.50', '$', language))).toBe(expected);
    });
  }

  it('keeps the decimal string exactly, even beyond what a float can hold', () => {
    expect(formatMoney('12345678901234567.89', '$', 'en')).toBe('$12,345,678,901,234,567.89');
    expect(plain(formatMoney('0.30000000', '₦', 'fr'))).toBe('0,30000000 ₦');
    expect(formatMoney('5', '$', 'en')).toBe('$5');
  });

  it('puts the minus sign where the language does', () => {
    expect(formatMoney('-1200.00', '$', 'en')).toBe('-$1,200.00');
    expect(plain(formatMoney('-1200.00', '€', 'fr'))).toBe('-1 200,00 €');
  });

  it('follows the language the screens are in when none is named', () => {
    sessionStore.set({ language: 'es' });
    expect(plain(formatMoney('1234567.50', '$'))).toBe('1.234.567,50 $');
    expect(formatPoints('12000.00')).toBe('12.000');
  });

  it('shows a placeholder for a missing amount', () => {
    expect(formatMoney(undefined, '$', 'en')).toBe('$--');
  });
});

describe('points', () => {
  it('are grouped without a symbol or trailing zero decimals', () => {
    expect(formatPoints('12000.00', 'en')).toBe('12,000');
    expect(plain(formatPoints('12000.50', 'fr'))).toBe('12 000,5');
    expect(formatPoints('5', 'en')).toBe('5');
  });
});

describe('dates', () => {
  const late = '2026-03-05T23:30:00Z';

  it("are yyyy-mm-dd by default, the spec's format, whatever the language", () => {
    for (const language of ['en', 'zh', 'th'] as const)
      expect(formatDate('2026-03-05T10:00:00Z', language)).toBe('2026-03-05');
  });

  it("fall on the platform's calendar day, not the browser's", () => {
    useConfig({ timezone: 'Asia/Bangkok' });
    expect(formatDate(late, 'en')).toBe('2026-03-06');
    useConfig({ timezone: 'America/New_York' });
    expect(formatDate(late, 'en')).toBe('2026-03-05');
    expect(formatDateTime(late, 'fr')).toBe('2026-03-05 18:30');
  });

  it('follow the configured format', () => {
    useConfig({ timezone: 'UTC', date_format: 'dd/mm/yyyy' });
    expect(formatDate(late, 'en')).toBe('05/03/2026');
    useConfig({ timezone: 'UTC', date_format: 'language' });
    expect(formatDate(late, 'en')).toBe('Mar 5, 2026');
    expect(formatDate(late, 'zh')).toBe('2026年3月5日');
  });
});

describe('a calendar day of the platform (the statistics’ days)', () => {
  it('is written in the configured date format, not “Nov 28”', () => {
    expect(formatCalendarDay('2026-11-28', 'en')).toBe('2026-11-28');
    useConfig({ date_format: 'dd/mm/yyyy' });
    expect(formatCalendarDay('2026-11-28', 'fr')).toBe('28/11/2026');
    useConfig({ date_format: 'language' });
    expect(formatCalendarDay('2026-11-28', 'en')).toBe('Nov 28, 2026');
  });

  it('stays the same day whatever the platform’s or the browser’s time zone', () => {
    useConfig({ timezone: 'America/New_York' });
    expect(formatCalendarDay('2026-11-28', 'en')).toBe('2026-11-28');
    useConfig({ timezone: 'Pacific/Kiritimati' });
    expect(formatCalendarDay('2026-11-28', 'en')).toBe('2026-11-28');
  });
});

describe('percentages', () => {
  const fivePercent: Record<Language, string> = { en: '5%', es: '5 %', fr: '5 %', vi: '5%', th: '5%', zh: '5%' };
  for (const [language, expected] of Object.entries(fivePercent) as [Language, string][]) {
    it(`are written ${language}'s way, a share and a percent figure alike`, () => {
      expect(plain(formatShare('0.05', language))).toBe(expected);
      expect(plain(formatPercent('5.00', language))).toBe(expected);
      expect(plain(formatPercent(5, language))).toBe(expected);
    });
  }

  it('keep the decimals of a rate exactly, without a float', () => {
    expect(formatShare('0.035', 'en')).toBe('3.5%');
    expect(formatShare('0.000001', 'en')).toBe('0.0001%');
    expect(formatShare('1', 'en')).toBe('100%');
    expect(formatShare('0', 'en')).toBe('0%');
    expect(plain(formatShare('0.125', 'fr'))).toBe('12,5 %');
    expect(formatPercent('150.00', 'en')).toBe('150%');
    expect(formatPercent('12.50', 'en')).toBe('12.5%');
    expect(formatPercent('0.5', 'en')).toBe('0.5%');
    expect(plain(formatPercent('1234.5', 'fr'))).toBe('1 234,5 %');
  });

  it('follow the language the screens are in when none is named', () => {
    sessionStore.set({ language: 'fr' });
    expect(plain(formatShare('0.02'))).toBe('2 %');
  });
});

describe('relative time', () => {
  it("says 'just now' under 300 seconds, then minutes", () => {
    const now = Date.parse('2026-03-05T10:00:00Z');
    expect(formatRelative(now - 299_000, 'en', 'just now', now)).toBe('just now');
    expect(formatRelative(now - 600_000, 'en', 'just now', now)).toBe('10 minutes ago');
  });
});

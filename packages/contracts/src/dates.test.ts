import { describe, expect, it } from 'vitest';
import { formatPlatformDate, formatPlatformDateTime, localeOf, type PlatformDateStyle } from './dates.ts';

/** Intl puts a narrow no-break space before AM/PM; the tests spell it with a plain one. */
const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ');

const style = (timeZone: string, more: Partial<PlatformDateStyle> = {}): PlatformDateStyle => ({
  timeZone,
  dateFormat: 'yyyy-mm-dd',
  locale: 'en-US',
  ...more,
});

/** 23:30 in London (UTC in March): already the next morning in Bangkok, still the evening in New York. */
const lateEvening = '2026-03-05T23:30:00Z';

describe("a moment is written in the platform's time zone, not the reader's", () => {
  it('Bangkok (UTC+7) reads 23:30 UTC as 06:30 the next day', () => {
    expect(formatPlatformDate(lateEvening, style('Asia/Bangkok'))).toBe('2026-03-06');
    expect(plain(formatPlatformDateTime(lateEvening, style('Asia/Bangkok')))).toBe('2026-03-06 6:30 AM');
  });

  it('New York (UTC−5 in March) reads it as 18:30 the same day', () => {
    expect(formatPlatformDate(lateEvening, style('America/New_York'))).toBe('2026-03-05');
    expect(formatPlatformDateTime(lateEvening, style('America/New_York', { locale: 'fr-FR' }))).toBe(
      '2026-03-05 18:30',
    );
  });

  it('Lagos (UTC+1, the default zone) follows the moment across midnight', () => {
    expect(formatPlatformDateTime('2026-11-21T22:59:00Z', style('Africa/Lagos', { locale: 'fr-FR' }))).toBe(
      '2026-11-21 23:59',
    );
    expect(formatPlatformDateTime('2026-11-21T23:00:00Z', style('Africa/Lagos', { locale: 'fr-FR' }))).toBe(
      '2026-11-22 00:00',
    );
  });

  it('takes epoch milliseconds and Date objects as well as ISO strings', () => {
    const moment = Date.parse(lateEvening);
    expect(formatPlatformDate(moment, style('Asia/Bangkok'))).toBe('2026-03-06');
    expect(formatPlatformDate(new Date(moment), style('Asia/Bangkok'))).toBe('2026-03-06');
  });

  it('writes seconds when asked, in the locale’s way', () => {
    expect(plain(formatPlatformDateTime('2026-03-05T10:04:09Z', style('UTC'), { seconds: true }))).toBe(
      '2026-03-05 10:04:09 AM',
    );
    expect(formatPlatformDateTime('2026-03-05T10:04:09Z', style('UTC', { locale: 'zh-CN' }), { seconds: true })).toBe(
      '2026-03-05 10:04:09',
    );
  });
});

describe('the day is written in the configured date format', () => {
  it('with digits in the order the format names, whatever the locale', () => {
    const day = (dateFormat: PlatformDateStyle['dateFormat'], locale: string) =>
      formatPlatformDate(lateEvening, style('UTC', { dateFormat, locale }));
    expect(day('yyyy-mm-dd', 'th-TH')).toBe('2026-03-05');
    expect(day('dd/mm/yyyy', 'en-US')).toBe('05/03/2026');
    expect(day('mm/dd/yyyy', 'fr-FR')).toBe('03/05/2026');
    expect(day('dd.mm.yyyy', 'zh-CN')).toBe('05.03.2026');
  });

  it("in the reader's language for the format `language`", () => {
    const language = (locale: string) =>
      formatPlatformDate(lateEvening, style('Asia/Bangkok', { dateFormat: 'language', locale }));
    expect(language('en-US')).toBe('Mar 6, 2026');
    expect(language(localeOf('zh'))).toBe('2026年3月6日');
    expect(language(localeOf('fr'))).toBe('6 mars 2026');
  });
});

describe('what is not a moment', () => {
  it('is no date at all', () => {
    expect(formatPlatformDate('not a date', style('UTC'))).toBeNull();
    expect(formatPlatformDateTime('', style('UTC'))).toBeNull();
  });

  it('a zone the runtime does not know falls back to its own zone instead of failing', () => {
    const own = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
      new Date(lateEvening),
    );
    const part = (type: string) => own.find((p) => p.type === type)?.value;
    expect(formatPlatformDate(lateEvening, style('Mars/Olympus_Mons'))).toBe(
      `${part('year')}-${part('month')}-${part('day')}`,
    );
  });
});

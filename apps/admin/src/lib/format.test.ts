import { configDefaults } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { sumDecimals } from './decimal.ts';
import {
  formatDateTime,
  formatDay,
  formatMoney,
  formatNumber,
  formatShortDateTime,
  platformFormatOf,
  setPlatformFormat,
} from './format.ts';
import { fromPicker, toPicker } from './platformTime.ts';

/** Intl writes French groups and AM/PM with no-break spaces; the tests spell them with plain ones. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function platform(settings: Partial<typeof configDefaults>, locale: string) {
  setPlatformFormat(platformFormatOf({ ...configDefaults, ...settings }, locale));
}

afterEach(() => platform({}, 'en-US'));

describe("back-office times are the platform's, not the browser's", () => {
  const lateEvening = '2026-03-05T23:30:00Z';

  it('a platform in Bangkok reads 23:30 UTC as 06:30 the next morning', () => {
    platform({ timezone: 'Asia/Bangkok' }, 'en-US');
    expect(plain(formatShortDateTime(lateEvening))).toBe('2026-03-06 6:30 AM');
    expect(plain(formatDateTime(lateEvening))).toBe('2026-03-06 6:30:00 AM');
  });

  it('in the configured date format, the time of day in the operator’s way', () => {
    platform({ timezone: 'America/New_York', date_format: 'dd/mm/yyyy' }, 'fr-FR');
    expect(formatShortDateTime(lateEvening)).toBe('05/03/2026 18:30');
  });

  it('calendar days of the charts are already the platform’s: no zone moves them', () => {
    platform({ timezone: 'Pacific/Kiritimati' }, 'en-US');
    expect(formatDay('2026-11-21')).toBe('Nov 21');
  });

  it('a date picker shows and sends the platform’s wall-clock time', () => {
    platform({ timezone: 'Asia/Bangkok' }, 'en-US');
    const picked = toPicker(lateEvening);
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-03-06 06:30');
    expect(fromPicker(picked.hour(9).minute(0))).toBe('2026-03-06T02:00:00.000Z');
  });

  it('a missing time is a dash, and what is no time is shown as it came', () => {
    expect(formatShortDateTime(null)).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('back-office amounts', () => {
  it('carry the platform’s currency, grouped the operator’s way', () => {
    platform({ app_currency: '₦' }, 'en-US');
    expect(formatMoney('1234567.50')).toBe('₦1,234,567.50');
    platform({ app_currency: '€' }, 'fr-FR');
    expect(plain(formatMoney('1234567.50'))).toBe('1 234 567,50 €');
    expect(plain(formatMoney('-12.00'))).toBe('-12,00 €');
  });

  it('are written from the decimal string itself, every digit kept', () => {
    expect(formatMoney('12345678901234567.89')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('0.30000000')).toBe('$0.30000000');
  });

  it('that are not money (points, counts) are grouped without a symbol', () => {
    platform({}, 'es-ES');
    expect(formatNumber('12000')).toBe('12.000');
  });

  it('add up exactly, with the decimals of the most precise', () => {
    expect(sumDecimals(['0.10', '0.20', '1234567890123.05'])).toBe('1234567890123.35');
    expect(sumDecimals(['1.5', '2.25'])).toBe('3.75');
    expect(sumDecimals([])).toBe('0');
  });

  it('show a dash when there is no amount', () => {
    expect(formatMoney(null)).toBe('—');
  });
});

import {
  type AppConfig,
  configDefaults,
  formatDecimal,
  formatPlatformDateTime,
  type PlatformDateStyle,
} from '@app/contracts';

/**
 * What every screen of the back office writes dates and amounts with: the platform's zone, date
 * format and currency (the configuration, so the operator reads the times users and rules go by,
 * wherever the browser is) and the operator's locale for grouping and times of day.
 */
export interface PlatformFormat extends PlatformDateStyle {
  currency: string;
}

type FormatConfig = Pick<AppConfig, 'timezone' | 'date_format' | 'app_currency'>;

/** The operator's language: the browser's own (undefined lets Intl take it), as the back office has no language setting. */
export function platformFormatOf(config: FormatConfig, locale: string | undefined = undefined): PlatformFormat {
  return { timeZone: config.timezone, dateFormat: config.date_format, currency: config.app_currency, locale };
}

// Module state rather than a React context: table columns are declared once per module and render
// with these functions directly. `PlatformSettings` sets it before any screen renders.
let current: PlatformFormat = platformFormatOf(configDefaults);
let integers = new Intl.NumberFormat(current.locale);
let shortDays = new Intl.DateTimeFormat(current.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function setPlatformFormat(format: PlatformFormat): void {
  current = format;
  integers = new Intl.NumberFormat(format.locale);
  shortDays = new Intl.DateTimeFormat(format.locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function platformFormat(): PlatformFormat {
  return current;
}

/** A server timestamp in the platform's zone and date format, with seconds ("2026-11-21 2:05:09 PM"). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return formatPlatformDateTime(value, current, { seconds: true }) ?? value;
}

/** A compact timestamp for dense tables ("2026-11-21 2:05 PM"); exports keep the full ISO value. */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return formatPlatformDateTime(value, current) ?? value;
}

/** A calendar day "2026-11-21" (already the platform's, so no zone) as a short label ("Nov 21"). */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return shortDays.format(date);
}

/** A count grouped the operator's way ("12,345"). */
export function formatInteger(value: number): string {
  return integers.format(value);
}

/**
 * An API amount ("1234.50") with the platform's currency, grouped the operator's way ("$1,234.50",
 * "1 234,50 $" in French), from the string itself: no amount passes through a float.
 */
export function formatMoney(value: string | null | undefined): string {
  return value ? formatDecimal(value, current.locale, current.currency) : '—';
}

/** A decimal that is not money (points, a quantity) grouped the operator's way, every digit kept. */
export function formatNumber(value: string | null | undefined): string {
  return value ? formatDecimal(value, current.locale) : '—';
}

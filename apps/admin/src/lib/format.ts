import { formatDecimal } from '@app/contracts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const integer = new Intl.NumberFormat();

/** A server timestamp in the browser's locale and time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

/** A calendar day "2026-11-21" as a short label ("Nov 21"); the day has no time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDay.format(date);
}

export function formatInteger(value: number): string {
  return integer.format(value);
}

/** An API amount ("1234.50") grouped the browser's way ("1,234.50"), from the string, never a float. */
export function formatMoney(value: string | null | undefined): string {
  return value ? formatDecimal(value, undefined) : '—';
}

const compactDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** A compact timestamp for dense tables ("11/21/26, 6:22 AM"); exports keep the full ISO value. */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : compactDateTime.format(date);
}

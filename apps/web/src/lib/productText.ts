import { type Cycle, type Language, localeOf } from '@app/contracts';

/** Splits a remaining time into days / hours / minutes / seconds ("1d 02:03:04", "02:03:04"); 0 or less → null. */
export function countdownParts(remainingMs: number): { days: number; clock: string } | null {
  if (!Number.isFinite(remainingMs) || remainingMs <= 0) return null;
  const total = Math.floor(remainingMs / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
}

const dayFormats = new Map<Language, Intl.NumberFormat>();

/** Whole days the language's short way, through Intl: "1d", "2j", "1 ngày", "3天". */
function formatDays(days: number, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: 'day', unitDisplay: 'narrow' });
    dayFormats.set(language, format);
  }
  return format.format(days);
}

/** The countdown text in `language`: "1d 02:03:04" ("1 ngày 02:03:04" in Vietnamese), "02:03:04" under a day. */
export function formatCountdown(remainingMs: number, language: Language): string {
  const parts = countdownParts(remainingMs);
  if (!parts) return '00:00:00';
  return parts.days > 0 ? `${formatDays(parts.days, language)} ${parts.clock}` : parts.clock;
}

/** i18n key of the "hourly / daily / weekly income" label. */
export function incomeLabelKey(cycle: Cycle): `product.income.${Cycle}` {
  return `product.income.${cycle}`;
}

/** i18n key of the plural duration unit ("{{count}} hours"). */
export function durationKey(cycle: Cycle): `product.duration.${Cycle}` {
  return `product.duration.${cycle}`;
}

/** Progress of a machine in percent, 0–100. */
export function progressPercent(accrued: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((accrued / total) * 100)));
}

/** True when a decimal string is above zero ("0.00" → false). */
export function isPositive(amount: string): boolean {
  return !amount.startsWith('-') && /[1-9]/.test(amount);
}

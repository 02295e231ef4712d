import type { Cycle } from '@app/contracts';

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

/** The countdown text; `dayUnit` is the translated one-letter day unit ("d", "j", "天"…). */
export function formatCountdown(remainingMs: number, dayUnit: string): string {
  const parts = countdownParts(remainingMs);
  if (!parts) return '00:00:00';
  return parts.days > 0 ? `${parts.days}${dayUnit} ${parts.clock}` : parts.clock;
}

/** i18n key of the "hourly / daily / weekly income" label. */
export function incomeLabelKey(cycle: Cycle): `product.income.${Cycle}` {
  return `product.income.${cycle}`;
}

/** i18n key of the plural duration unit ("{{count}} hours"). */
export function durationKey(cycle: Cycle): `product.duration.${Cycle}` {
  return `product.duration.${cycle}`;
}

/** "150.00" → "150%", "12.50" → "12.5%". */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${trimmed ? `${whole}.${trimmed}` : whole}%`;
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

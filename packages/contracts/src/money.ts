import { z } from 'zod';

/** A decimal string in major units, as every money field of the API carries it ("1200.00"). */
export const moneyString = z.string().regex(/^-?\d{1,15}(\.\d{1,8})?$/, { message: 'INVALID_INPUT' });

/** Parses "12.5" into minor units (1250n with 2 decimals); refuses more decimals than the currency has. */
export function toMinor(value: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new RangeError(`more than ${decimals} decimals: ${value}`);
  }
  const minor = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return sign === '-' ? -minor : minor;
}

/** Formats minor units as a decimal string with the currency's fixed decimals (1250n → "12.50"). */
export function fromMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** "1234567.50" → "1,234,567.50": grouping for display, never for arithmetic. */
export function groupThousands(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** amount × rate, rounded down to the minor unit; rates are decimal strings ("0.05" = 5 %). */
export function applyRate(amount: bigint, rate: string): bigint {
  const scale = 1_000_000n;
  return (amount * toMinor(rate, 6)) / scale;
}

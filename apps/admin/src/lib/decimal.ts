/**
 * Exact decimal arithmetic on the API's money strings ("1200.00"), through bigint at a fixed scale.
 * Display helpers only: the server stays the authority on every amount.
 */

const SCALE = 8;
const FACTOR = 10n ** BigInt(SCALE);
const DECIMAL = /^([+-]?)(\d{1,15})(?:\.(\d{1,8}))?$/;

/** Parses "12.5" / "-3" / "+0.25" into units of 10⁻⁸; null when it is not a plain decimal. */
export function parseDecimal(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * FACTOR + BigInt(fraction.padEnd(SCALE, '0'));
  return sign === '-' ? -units : units;
}

/** Formats units of 10⁻⁸ with `decimals` places, truncating toward zero like the server's integer division. */
export function formatDecimal(units: bigint, decimals = 2): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const shifted = abs / 10n ** BigInt(SCALE - decimals);
  const digits = shifted.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  const text = `${whole}${fraction}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Number of decimal places a decimal string carries ("1.250" → 3). */
export function decimalPlaces(value: string): number {
  const fraction = value.trim().split('.')[1];
  return fraction ? fraction.length : 0;
}

/** The exact sum of decimal strings, with the decimals of the most precise ("1.5" + "2.25" → "3.75"). */
export function sumDecimals(values: readonly string[]): string {
  const total = values.reduce((sum, value) => sum + (parseDecimal(value) ?? 0n), 0n);
  return formatDecimal(total, Math.max(0, ...values.map(decimalPlaces)));
}

export interface DerivedFigures {
  /** Income over the machine's whole life (income per cycle × cycles), or null while inputs are incomplete. */
  totalIncome: string | null;
  /** Total income as a percent of the price with two decimals ("150.00"), or null. */
  totalReturnRate: string | null;
}

/** The figures a product shows but never stores, computed the way the server does. */
export function deriveFigures(
  price: string | null | undefined,
  incomePerCycle: string | null | undefined,
  cycles: number | null | undefined,
  decimals = 2,
): DerivedFigures {
  const income = parseDecimal(incomePerCycle ?? null);
  const count = typeof cycles === 'number' && Number.isInteger(cycles) && cycles > 0 ? BigInt(cycles) : null;
  if (income === null || count === null || income < 0n) return { totalIncome: null, totalReturnRate: null };
  const total = income * count;
  const cost = parseDecimal(price ?? null);
  const rate = cost !== null && cost > 0n ? (total * 10_000n) / cost : null;
  return {
    totalIncome: formatDecimal(total, decimals),
    // rate is the percent × 100, i.e. two decimals in integer units
    totalReturnRate: rate === null ? null : formatDecimal(rate * 10n ** BigInt(SCALE - 2), 2),
  };
}

export type AdjustDirection = 'increase' | 'decrease';

export type AdjustAmount =
  | { ok: true; direction: AdjustDirection /** What the API takes: "12.50" or "-12.50". */; amount: string }
  | { ok: false; error: string };

/**
 * Reads the adjust amount field. A typed sign wins over the toggle ("-5" is a decrease even with
 * "Increase" selected); without one the toggle decides. Zero and extra decimals are refused.
 */
export function parseAdjustAmount(raw: string, direction: AdjustDirection, decimals = 2): AdjustAmount {
  const text = raw.trim().replace(/\s+/g, '');
  if (!text) return { ok: false, error: 'Enter an amount.' };
  const match = /^([+-]?)(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return { ok: false, error: 'Enter a number such as 25 or 12.50.' };
  const [, sign, digits = ''] = match;
  if (decimalPlaces(digits) > decimals)
    return { ok: false, error: `Enter an amount with at most ${decimals} decimals.` };
  const units = parseDecimal(digits);
  if (units === null) return { ok: false, error: 'The amount is too large.' };
  if (units === 0n) return { ok: false, error: 'The amount must be more than zero.' };
  const effective: AdjustDirection = sign === '-' ? 'decrease' : sign === '+' ? 'increase' : direction;
  const abs = formatDecimal(units, Math.max(decimals, decimalPlaces(digits)));
  return { ok: true, direction: effective, amount: effective === 'decrease' ? `-${abs}` : abs };
}

/** The balance after applying a signed amount, and whether it would go below zero. */
export function balanceAfter(
  balance: string,
  signedAmount: string,
  decimals = 2,
): { balance: string; negative: boolean } {
  const current = parseDecimal(balance) ?? 0n;
  const delta = parseDecimal(signedAmount) ?? 0n;
  const next = current + delta;
  return { balance: formatDecimal(next, decimals), negative: next < 0n };
}

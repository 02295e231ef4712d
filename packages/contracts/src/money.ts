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

const DECIMAL = /^-?\d+(\.\d+)?$/;
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, fractionDigits: number, currency: boolean): Intl.NumberFormat {
  const key = `${locale}|${fractionDigits}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    // The currency style only places the sign and the symbol the locale's way; the configured
    // symbol replaces the stand-in euro sign. `always`: Spanish groups four-digit amounts too.
    format = new Intl.NumberFormat(locale, {
      ...(currency ? { style: 'currency', currency: 'EUR', currencyDisplay: 'narrowSymbol' } : {}),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: 'always',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A decimal string written the locale's way ("1234.50" → "1 234,50" in fr-FR, "1.234,50" in es-ES),
 * with `symbol` where the locale puts a currency sign. Intl reads the string itself as an exact
 * decimal (ECMA-402's string input), so no amount passes through a float; the digits after the
 * point are kept as given; `undefined` is the runtime's own locale. Anything that is not a decimal
 * string is returned unchanged.
 */
export function formatDecimal(amount: string, locale: string | undefined, symbol?: string): string {
  if (!DECIMAL.test(amount)) return amount;
  const fractionDigits = amount.split('.')[1]?.length ?? 0;
  const parts = numberFormat(locale, fractionDigits, symbol !== undefined).formatToParts(
    amount as Intl.StringNumericLiteral,
  );
  return parts.map((part) => (part.type === 'currency' ? symbol : part.value)).join('');
}

/** amount × rate, rounded down to the minor unit; rates are decimal strings ("0.05" = 5 %). */
export function applyRate(amount: bigint, rate: string): bigint {
  const scale = 1_000_000n;
  return (amount * toMinor(rate, 6)) / scale;
}

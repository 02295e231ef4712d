import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, formatDecimal, fromMinor, toMinor } from './money.ts';

const decimals = fc.integer({ min: 0, max: 8 });
const minor = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });

describe('money amounts', () => {
  it('formatting minor units and parsing them back gives the same amount', () => {
    fc.assert(
      fc.property(minor, decimals, (amount, places) => {
        expect(toMinor(fromMinor(amount, places), places)).toBe(amount);
      }),
    );
  });

  it('a decimal string with at most the currency decimals parses and formats back to itself (padded)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        decimals,
        fc.integer({ min: 0, max: 8 }),
        (negative, whole, places, fractionDigits) => {
          const digits = Math.min(fractionDigits, places);
          const fraction = digits > 0 ? `.${'7'.repeat(digits)}` : '';
          const text = `${negative ? '-' : ''}${whole}${fraction}`;
          const formatted = fromMinor(toMinor(text, places), places);
          const [wholePart = '', fractionPart = ''] = formatted.replace('-', '').split('.');
          expect(BigInt(wholePart)).toBe(whole);
          expect(fractionPart).toBe(fraction.slice(1).padEnd(places, '0'));
          const isZero = toMinor(text, places) === 0n;
          expect(formatted.startsWith('-')).toBe(negative && !isZero);
        },
      ),
    );
  });

  it('an amount with more decimals than the currency has is refused, unless the extra digits are zeros', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 0, max: 6 }), (whole, places) => {
        expect(() => toMinor(`${whole}.${'0'.repeat(places)}1`, places)).toThrow(RangeError);
        expect(toMinor(`${whole}.${'0'.repeat(places + 2)}`, places)).toBe(BigInt(whole) * 10n ** BigInt(places));
      }),
    );
  });

  it('a rate between 0 and 1 never pays more than the amount, and never a negative sum', () => {
    const rate = fc.integer({ min: 0, max: 1_000_000 }).map((millionths) => fromMinor(BigInt(millionths), 6));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), rate, (amount, r) => {
        const paid = applyRate(amount, r);
        expect(paid >= 0n).toBe(true);
        expect(paid <= amount).toBe(true);
        // Rounded down to the minor unit: less than one unit below the exact product.
        const exact = amount * toMinor(r, 6);
        expect(paid * 1_000_000n <= exact && exact < (paid + 1n) * 1_000_000n).toBe(true);
      }),
    );
  });

  it('a rate of 1 pays the whole amount and a rate of 0 pays nothing', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), (amount) => {
        expect(applyRate(amount, '1')).toBe(amount);
        expect(applyRate(amount, '1.000000')).toBe(amount);
        expect(applyRate(amount, '0')).toBe(0n);
      }),
    );
  });
});

describe('money for display', () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

  it('is grouped and pointed the way each language writes numbers', () => {
    expect(formatDecimal('1234.50', 'fr-FR')).toBe('1\u202f234,50');
    expect(formatDecimal('1234.50', 'es-ES')).toBe('1.234,50');
    expect(formatDecimal('1234.50', 'en-US')).toBe('1,234.50');
    expect(formatDecimal('1234.50', 'vi-VN')).toBe('1.234,50');
  });

  it('never goes through a float: any decimal string comes back with its own digits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), decimals, (amount, places) => {
        const text = fromMinor(amount, places);
        expect(formatDecimal(text, 'en-US').replaceAll(',', '')).toBe(text);
      }),
    );
  });

  it('puts the configured symbol where the language puts a currency sign', () => {
    expect(formatDecimal('-7.5', 'en-US', '₦')).toBe('-₦7.5');
    expect(plain(formatDecimal('7.5', 'fr-FR', 'USDT'))).toBe('7,5 USDT');
  });

  it('leaves anything that is not a decimal string as it is', () => {
    expect(formatDecimal('--', 'en-US', '$')).toBe('--');
  });
});

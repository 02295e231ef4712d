import { fromMinor, toMinor } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';

/** Top-ups (docs/product.md#deposits) as functions of plain values. */

/** Refuses an amount (minor units) outside the payment method's minimum and maximum; the refusal names the limit. */
export function assertDepositAmount(
  amount: bigint,
  method: { min: string; max: string },
  currency: { symbol: string; decimals: number },
): void {
  if (amount < toMinor(method.min, currency.decimals)) {
    throw new AppError('DEPOSIT_BELOW_MIN', { min: `${currency.symbol}${method.min}` });
  }
  if (amount > toMinor(method.max, currency.decimals)) {
    throw new AppError('DEPOSIT_ABOVE_MAX', { max: `${currency.symbol}${method.max}` });
  }
}

/** Why a provider's success does not match the top-up, or null when it does. */
export function paidMismatch(
  paid: { amount: string; currency: string },
  deposit: { amount: bigint },
  expected: { decimals: number; currency: string | null },
): string | null {
  let amount: bigint | null;
  try {
    amount = toMinor(paid.amount, expected.decimals);
  } catch {
    amount = null;
  }
  const asked = fromMinor(deposit.amount, expected.decimals);
  if (amount !== deposit.amount) return `paid ${paid.amount} ${paid.currency} for a top-up of ${asked}`;
  if (expected.currency !== null && paid.currency !== expected.currency) {
    return `paid in ${paid.currency}, expected ${expected.currency}`;
  }
  return null;
}

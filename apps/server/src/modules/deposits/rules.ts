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

/**
 * The top-up's n-th reference at its provider: the first is its transId, a later one (started when
 * the provider had taken the previous one but its pay page was lost) is "<transId>-<n>". A transId
 * is letters and digits only, so the suffix is never ambiguous.
 */
export function depositReference(transId: string, n: number): string {
  return n === 1 ? transId : `${transId}-${n}`;
}

/** The top-up a provider's reference names, and which of its references it is. */
export function referenceOf(reference: string): { transId: string; n: number } {
  const renewed = /^(.+)-([1-9]\d{0,5})$/.exec(reference);
  return renewed ? { transId: renewed[1] as string, n: Number(renewed[2]) } : { transId: reference, n: 1 };
}

/** Why a second success for a top-up already credited is left for an operator; null when it is the same payment. */
export function paidAgain(
  event: { transId: string; providerRef: string },
  deposit: { providerRef: string | null },
): string | null {
  if (deposit.providerRef === null || event.providerRef === deposit.providerRef) return null;
  return `paid again under ${event.transId} (${event.providerRef}): credited once, refund it at the provider`;
}

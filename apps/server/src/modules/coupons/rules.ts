import { type CouponKind, type CouponStatus, fromMinor } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';
import { signInAccount } from '../accounts/rules.ts';

export interface CouponTerms {
  userId: number;
  kind: CouponKind;
  /** Minor units for `amount_off`, a whole percentage for `percent_off`. */
  amount: bigint;
  minSpend: bigint;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Used once an order took it; otherwise expired from its expiry on. */
export function couponStatus(coupon: Pick<CouponTerms, 'expiresAt' | 'usedAt'>, now: Date): CouponStatus {
  if (coupon.usedAt) return 'used';
  return now >= coupon.expiresAt ? 'expired' : 'unused';
}

/** What the coupon takes off an order of `orderAmount` (minor units): never more than the order, a percentage rounded down. */
export function discountOf(coupon: Pick<CouponTerms, 'kind' | 'amount'>, orderAmount: bigint): bigint {
  const discount = coupon.kind === 'percent_off' ? (orderAmount * coupon.amount) / 100n : coupon.amount;
  return discount < orderAmount ? discount : orderAmount;
}

/**
 * The discount a coupon gives this buyer's order, or the reason it gives none: it must be the
 * buyer's (another's is answered as not found, like an unknown one), unused, unexpired, and the
 * order must reach its minimum spend.
 */
export function couponDiscount(
  coupon: CouponTerms | undefined,
  order: { userId: number; amount: bigint; now: Date },
  currency: { symbol: string; decimals: number },
): bigint {
  if (!coupon || coupon.userId !== order.userId) throw new AppError('COUPON_NOT_FOUND');
  const status = couponStatus(coupon, order.now);
  if (status === 'used') throw new AppError('COUPON_USED');
  if (status === 'expired') throw new AppError('COUPON_EXPIRED');
  if (order.amount < coupon.minSpend) {
    throw new AppError('COUPON_MIN_SPEND', {
      minSpend: `${currency.symbol}${fromMinor(coupon.minSpend, currency.decimals)}`,
    });
  }
  return discountOf(coupon, order.amount);
}

/** Unknown users named in one refusal, at most this many (the message stays readable). */
const UNKNOWN_NAMED = 20;

/** An account as the operator typed it and as sign-in reads it (emails in lower case, phones in E.164). */
export interface NamedAccount {
  typed: string;
  account: string;
}

/** The accounts an issue names, read as sign-in reads them in the platform's default country. */
export function namedAccounts(typed: readonly string[], defaultCountry: string): NamedAccount[] {
  return typed.map((text) => ({ typed: text, account: signInAccount(text, defaultCountry) }));
}

/**
 * The users an operator's issue reaches, each once, in the order named: the IDs, then the
 * accounts. `found` is what the database holds of them; an ID or account it lacks refuses the
 * whole issue, each named as the operator typed it ("#12", "ada@example.com").
 */
export function couponRecipients(
  named: { userIds: readonly number[]; accounts: readonly NamedAccount[] },
  found: { ids: ReadonlySet<number>; byAccount: ReadonlyMap<string, number> },
): number[] {
  const unknown = [
    ...named.userIds.filter((id) => !found.ids.has(id)).map((id) => `#${id}`),
    ...named.accounts.filter((named) => !found.byAccount.has(named.account)).map((named) => named.typed),
  ];
  if (unknown.length > 0) {
    throw new AppError('COUPON_USERS_UNKNOWN', { users: [...new Set(unknown)].slice(0, UNKNOWN_NAMED).join(', ') });
  }
  const ids = [...named.userIds, ...named.accounts.map((named) => found.byAccount.get(named.account) as number)];
  return [...new Set(ids)];
}

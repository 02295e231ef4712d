import { applyRate, type ConfigValues, CYCLE_SECONDS, type Cycle, type EntryType, toMinor } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';

/**
 * The purchase's judgement (docs/product.md#purchase) as functions of plain values: the service
 * reads the state, calls these, and writes what they decide.
 */

/** What the purchase rules read of a product. */
export interface SaleTerms {
  status: string;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  /** Units one user may hold in all; 0: no limit. */
  purchaseLimit: number;
  /** Units ever on sale; null: no stock kept. */
  stock: number | null;
  stockSold: number;
  price: bigint;
}

/** Buying from the income wallet is refused unless `purchase_from_income` allows it. */
export function assertWalletAllowed(wallet: 'deposit' | 'income', purchaseFromIncome: boolean): void {
  if (wallet === 'income' && !purchaseFromIncome) throw new AppError('INCOME_WALLET_NOT_ALLOWED');
}

export function purchaseAmount(price: bigint, quantity: number): bigint {
  return price * BigInt(quantity);
}

/**
 * Refuses a purchase the buyer may not make now, with the first reason in this order: no such
 * product, off sale, sale not started, sale ended, the buyer's limit passed, the wallet short,
 * the stock sold out.
 */
export function assertPurchasable<P extends SaleTerms>(
  product: P | undefined,
  purchase: { quantity: number; unitsHeld: number; balance: bigint; now: Date },
): asserts product is P {
  const { quantity, unitsHeld, balance, now } = purchase;
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (product.status !== 'on') throw new AppError('PRODUCT_OFF_SALE');
  if (product.saleStartsAt && now < product.saleStartsAt) {
    throw new AppError('PRODUCT_NOT_STARTED', {
      time: product.saleStartsAt.toISOString().slice(0, 16).replace('T', ' '),
    });
  }
  if (product.saleEndsAt && now >= product.saleEndsAt) throw new AppError('PRODUCT_EXPIRED');
  if (product.purchaseLimit > 0 && unitsHeld + quantity > product.purchaseLimit) {
    throw new AppError('PURCHASE_LIMIT', { limit: product.purchaseLimit });
  }
  if (balance < purchaseAmount(product.price, quantity)) throw new AppError('INSUFFICIENT_BALANCE');
  if (product.stock !== null && product.stockSold + quantity > product.stock) throw new AppError('OUT_OF_STOCK');
}

export function pointsEarned(pointsPerUnit: number, quantity: number): bigint {
  return BigInt(pointsPerUnit * quantity);
}

/** The instant a machine started at `start` pays its last cycle. */
export function cycleEnd(start: Date, cycle: Cycle, cycles: number): Date {
  return new Date(start.getTime() + CYCLE_SECONDS[cycle] * cycles * 1000);
}

/** The machine `quantity` units of a product make, started at `start`: one holding paying for all of them. */
export function holdingTerms(
  product: { cycle: Cycle; cycles: number; incomePerCycle: bigint },
  quantity: number,
  start: Date,
) {
  const cycleSeconds = CYCLE_SECONDS[product.cycle];
  return {
    cycleSeconds,
    incomePerCycle: product.incomePerCycle * BigInt(quantity),
    nextAccrualAt: new Date(start.getTime() + cycleSeconds * 1000),
    endsAt: cycleEnd(start, product.cycle, product.cycles),
  };
}

export interface Reward {
  type: Extract<EntryType, 'distribution_profit' | 'new_invite_bonus' | 'repurchase_bonus'>;
  /** The user paid, into their income wallet. */
  payeeId: number;
  amount: bigint;
}

/** What the buyer paid for an order: its list price less what a coupon took off. */
export function amountPaid(order: { amount: bigint; discount: bigint }): bigint {
  return order.amount - order.discount;
}

/**
 * An order the buyer paid something for. Only these count as purchases before another for the
 * bonuses: one paid wholly by a coupon leaves the buyer's next paid purchase their first. The
 * purchase's read (`readPurchases`) asks the same of the buyer's orders in SQL
 * (`amount > discount`).
 */
export function isPaidOrder(order: { amount: bigint; discount: bigint }): boolean {
  return amountPaid(order) > 0n;
}

/**
 * What a purchase pays besides the product, all of it on the amount paid (the list price less a
 * coupon's discount: what a coupon paid earns nothing): each inviter their level's share
 * (`referral_rates`), the direct inviter the new-invite bonus on the buyer's first paid purchase,
 * and the buyer the repurchase bonus on every paid purchase after it. `paidBefore`: the buyer has
 * an order they paid something for (`isPaidOrder`). A purchase paid wholly by a coupon pays nothing
 * and is not a first purchase. Nothing is paid where it rounds to zero.
 */
export function purchaseRewards(
  order: { amount: bigint; discount: bigint },
  buyer: { id: number; paidBefore: boolean },
  inviters: { ancestorId: number; depth: number }[],
  cfg: Pick<ConfigValues, 'referral_rates' | 'new_invite_bonus' | 'repurchase_bonus_rate' | 'app_currency_decimals'>,
): Reward[] {
  const rewards: Reward[] = [];
  if (!isPaidOrder(order)) return rewards;
  const paid = amountPaid(order);
  const pay = (type: Reward['type'], payeeId: number, value: bigint) => {
    if (value > 0n) rewards.push({ type, payeeId, amount: value });
  };
  for (const { ancestorId, depth } of inviters) {
    pay('distribution_profit', ancestorId, applyRate(paid, cfg.referral_rates[depth - 1] ?? '0'));
    if (depth === 1 && !buyer.paidBefore) {
      pay('new_invite_bonus', ancestorId, toMinor(cfg.new_invite_bonus, cfg.app_currency_decimals));
    }
  }
  if (buyer.paidBefore) pay('repurchase_bonus', buyer.id, applyRate(paid, cfg.repurchase_bonus_rate));
  return rewards;
}

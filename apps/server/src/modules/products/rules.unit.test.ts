import { configDefaults } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import {
  assertPurchasable,
  assertWalletAllowed,
  cycleEnd,
  holdingTerms,
  isPaidOrder,
  pointsEarned,
  purchaseAmount,
  purchaseRewards,
  type SaleTerms,
} from './rules.ts';

const now = new Date('2026-03-02T10:00:00Z');
const onSale: SaleTerms = {
  status: 'on',
  saleStartsAt: null,
  saleEndsAt: null,
  purchaseLimit: 0,
  stock: null,
  stockSold: 0,
  price: 100_00n,
};
const buying = (changes: Partial<{ quantity: number; unitsHeld: number; balance: bigint; now: Date }> = {}) => ({
  quantity: 1,
  unitsHeld: 0,
  balance: 1_000_00n,
  now,
  ...changes,
});
const judge =
  (product: SaleTerms | undefined, purchase = buying()) =>
  () =>
    assertPurchasable(product, purchase);

describe('who may buy a product now', () => {
  it('a product on sale, in stock, within the limit and the balance, may be bought', () => {
    expect(judge(onSale)).not.toThrow();
  });

  it('a product that does not exist answers PRODUCT_NOT_FOUND', () => {
    expect(judge(undefined)).toThrowError(new AppError('PRODUCT_NOT_FOUND'));
  });

  it('a product turned off answers PRODUCT_OFF_SALE', () => {
    expect(judge({ ...onSale, status: 'off' })).toThrowError(new AppError('PRODUCT_OFF_SALE'));
  });

  it('before its sale starts, the answer names the start in UTC to the minute', () => {
    const product = { ...onSale, saleStartsAt: new Date('2026-03-02T10:00:30Z') };
    expect(judge(product)).toThrowError(new AppError('PRODUCT_NOT_STARTED', { time: '2026-03-02 10:00' }));
    expect(judge(product, buying({ now: new Date('2026-03-02T10:00:30Z') }))).not.toThrow();
  });

  it('from the instant its sale ends, it answers PRODUCT_EXPIRED', () => {
    const product = { ...onSale, saleEndsAt: new Date('2026-03-02T10:00:00Z') };
    expect(judge(product, buying({ now: new Date('2026-03-02T09:59:59Z') }))).not.toThrow();
    expect(judge(product)).toThrowError(new AppError('PRODUCT_EXPIRED'));
  });

  it('a buyer holding 2 of a product limited to 3 may buy 1 more, not 2', () => {
    const product = { ...onSale, purchaseLimit: 3 };
    expect(judge(product, buying({ unitsHeld: 2, quantity: 1 }))).not.toThrow();
    expect(judge(product, buying({ unitsHeld: 2, quantity: 2 }))).toThrowError(
      new AppError('PURCHASE_LIMIT', { limit: 3 }),
    );
  });

  it('a limit of 0 means no limit', () => {
    expect(judge(onSale, buying({ unitsHeld: 1000, quantity: 5 }))).not.toThrow();
  });

  it('the wallet must hold price × quantity: 300.00 buys 3 at 100.00, 299.99 does not', () => {
    expect(judge(onSale, buying({ quantity: 3, balance: 300_00n }))).not.toThrow();
    expect(judge(onSale, buying({ quantity: 3, balance: 299_99n }))).toThrowError(new AppError('INSUFFICIENT_BALANCE'));
  });

  it('the last units of a stock may be bought, one more answers OUT_OF_STOCK', () => {
    const product = { ...onSale, stock: 10, stockSold: 8 };
    expect(judge(product, buying({ quantity: 2 }))).not.toThrow();
    expect(judge(product, buying({ quantity: 3 }))).toThrowError(new AppError('OUT_OF_STOCK'));
  });

  it('the first reason is answered: off sale before over the limit, short before sold out', () => {
    const everything = { ...onSale, status: 'off', purchaseLimit: 1, stock: 0 };
    expect(judge(everything, buying({ quantity: 2, balance: 0n }))).toThrowError(new AppError('PRODUCT_OFF_SALE'));
    const shortAndSoldOut = { ...onSale, stock: 0 };
    expect(judge(shortAndSoldOut, buying({ balance: 0n }))).toThrowError(new AppError('INSUFFICIENT_BALANCE'));
  });
});

describe('the wallet a purchase is paid from', () => {
  it('the deposit wallet always may', () => {
    expect(() => assertWalletAllowed('deposit', false)).not.toThrow();
  });

  it('the income wallet only where purchase_from_income allows it', () => {
    expect(() => assertWalletAllowed('income', false)).toThrowError(new AppError('INCOME_WALLET_NOT_ALLOWED'));
    expect(() => assertWalletAllowed('income', true)).not.toThrow();
  });
});

describe('what a purchase costs and earns', () => {
  it('3 units at 100.00 cost 300.00', () => {
    expect(purchaseAmount(100_00n, 3)).toBe(300_00n);
  });

  it('points are the product’s points per unit times the units', () => {
    expect(pointsEarned(15, 4)).toBe(60n);
    expect(pointsEarned(0, 4)).toBe(0n);
  });

  it('2 units of a daily machine paying 5.00 over 30 days: one machine paying 10.00 a day, first income a day later', () => {
    const start = new Date('2026-03-02T10:00:00Z');
    expect(holdingTerms({ cycle: 'day', cycles: 30, incomePerCycle: 5_00n }, 2, start)).toEqual({
      cycleSeconds: 86_400,
      incomePerCycle: 10_00n,
      nextAccrualAt: new Date('2026-03-03T10:00:00Z'),
      endsAt: new Date('2026-04-01T10:00:00Z'),
    });
  });

  it('a machine ends its cycles × cycle length after it starts', () => {
    const start = new Date('2026-03-02T10:00:00Z');
    expect(cycleEnd(start, 'hour', 24)).toEqual(new Date('2026-03-03T10:00:00Z'));
    expect(cycleEnd(start, 'week', 2)).toEqual(new Date('2026-03-16T10:00:00Z'));
  });
});

describe('what a purchase pays besides the product', () => {
  const inviters = [
    { ancestorId: 11, depth: 1 },
    { ancestorId: 12, depth: 2 },
    { ancestorId: 13, depth: 3 },
  ];
  const order = (amount: bigint, discount = 0n) => ({ amount, discount });
  const first = { id: 10, paidBefore: false };
  const later = { id: 10, paidBefore: true };

  it('a first purchase of 100.00 pays the inviters 10.00, 5.00 and 2.00, and the direct inviter the 5.00 bonus', () => {
    expect(purchaseRewards(order(100_00n), first, inviters, configDefaults)).toEqual([
      { type: 'distribution_profit', payeeId: 11, amount: 10_00n },
      { type: 'new_invite_bonus', payeeId: 11, amount: 5_00n },
      { type: 'distribution_profit', payeeId: 12, amount: 5_00n },
      { type: 'distribution_profit', payeeId: 13, amount: 2_00n },
    ]);
  });

  it('a later purchase pays no new-invite bonus, and the buyer 1 % back', () => {
    expect(purchaseRewards(order(100_00n), later, inviters, configDefaults)).toEqual([
      { type: 'distribution_profit', payeeId: 11, amount: 10_00n },
      { type: 'distribution_profit', payeeId: 12, amount: 5_00n },
      { type: 'distribution_profit', payeeId: 13, amount: 2_00n },
      { type: 'repurchase_bonus', payeeId: 10, amount: 1_00n },
    ]);
  });

  it('a buyer nobody invited is paid only the repurchase bonus', () => {
    expect(purchaseRewards(order(100_00n), first, [], configDefaults)).toEqual([]);
    expect(purchaseRewards(order(100_00n), later, [], configDefaults)).toEqual([
      { type: 'repurchase_bonus', payeeId: 10, amount: 1_00n },
    ]);
  });

  it('a share that rounds down to nothing is not paid: 2 % of 0.49 is 0', () => {
    expect(purchaseRewards(order(49n), later, inviters.slice(2), configDefaults)).toEqual([]);
  });

  it('rates set to zero pay nothing', () => {
    const none = {
      ...configDefaults,
      referral_rates: ['0', '0', '0'],
      new_invite_bonus: '0.00',
      repurchase_bonus_rate: '0',
    };
    expect(purchaseRewards(order(100_00n), first, inviters, none)).toEqual([]);
    expect(purchaseRewards(order(100_00n), later, inviters, none)).toEqual([]);
  });

  it('a first purchase of 10.00 paid wholly by a coupon pays nobody anything (not 6.00 to the inviter)', () => {
    expect(purchaseRewards(order(10_00n, 10_00n), first, inviters, configDefaults)).toEqual([]);
    expect(purchaseRewards(order(100_00n, 100_00n), later, inviters, configDefaults)).toEqual([]);
  });

  it('commissions and the repurchase bonus are on what was paid: 100.00 with 40.00 off pays on 60.00', () => {
    expect(purchaseRewards(order(100_00n, 40_00n), later, inviters, configDefaults)).toEqual([
      { type: 'distribution_profit', payeeId: 11, amount: 6_00n },
      { type: 'distribution_profit', payeeId: 12, amount: 3_00n },
      { type: 'distribution_profit', payeeId: 13, amount: 1_20n },
      { type: 'repurchase_bonus', payeeId: 10, amount: 60n },
    ]);
  });

  it('a first purchase partly paid by a coupon is the first: commissions on the rest, and the whole bonus', () => {
    expect(purchaseRewards(order(100_00n, 40_00n), first, inviters, configDefaults)).toEqual([
      { type: 'distribution_profit', payeeId: 11, amount: 6_00n },
      { type: 'new_invite_bonus', payeeId: 11, amount: 5_00n },
      { type: 'distribution_profit', payeeId: 12, amount: 3_00n },
      { type: 'distribution_profit', payeeId: 13, amount: 1_20n },
    ]);
  });

  it('only an order that paid something counts as one before: a wholly coupon one leaves the next paid one the first', () => {
    expect(isPaidOrder(order(10_00n, 10_00n))).toBe(false);
    expect(isPaidOrder(order(10_00n, 9_99n))).toBe(true);
    expect(isPaidOrder(order(10_00n))).toBe(true);
    // The invitee's orders so far: one wholly paid by a coupon. Their next, paid, purchase is their first.
    const paidBefore = [order(10_00n, 10_00n)].some(isPaidOrder);
    expect(purchaseRewards(order(10_00n), { id: 10, paidBefore }, inviters.slice(0, 1), configDefaults)).toEqual([
      { type: 'distribution_profit', payeeId: 11, amount: 1_00n },
      { type: 'new_invite_bonus', payeeId: 11, amount: 5_00n },
    ]);
  });

  it('the three commissions are 10 %, 5 % and 2 % of any amount paid, each rounded down', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (a, b) => {
        const [discount, amount] = a < b ? [a, b] : [b, a];
        const paid = amount - discount;
        const rewards = purchaseRewards(order(amount, discount), later, inviters, configDefaults);
        const commissions = rewards
          .filter((reward) => reward.type === 'distribution_profit')
          .reduce((sum, reward) => sum + reward.amount, 0n);
        expect(commissions).toBe((paid * 10n) / 100n + (paid * 5n) / 100n + (paid * 2n) / 100n);
        const back = rewards.find((reward) => reward.type === 'repurchase_bonus')?.amount ?? 0n;
        expect(back).toBe(paid / 100n);
      }),
    );
  });
});

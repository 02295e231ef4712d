import { describe, expect, it } from 'vitest';
import {
  activationRefusal,
  dependsOn,
  discountedFee,
  incomeBonus,
  type LevelTerms,
  levelAfter,
  levelByTotals,
  levelHold,
  withdrawalsPerDay,
} from './rules.ts';

const LADDER: LevelTerms[] = [
  { level: 1, kind: 'vip', requirementKind: 'recharge', requirementAmount: 500_00n },
  { level: 2, kind: 'vip', requirementKind: 'teamSize', requirementAmount: 20n },
  { level: 3, kind: 'vip', requirementKind: 'purchases', requirementAmount: 5000_00n },
  { level: 4, kind: 'svip', requirementKind: null, requirementAmount: null },
];

const totals = (recharge: bigint, teamSize: bigint, purchases: bigint) => ({ recharge, teamSize, purchases });

describe('a VIP level is reached by its own total', () => {
  it('reaches no level below every requirement', () => {
    expect(levelByTotals(LADDER, totals(499_99n, 19n, 4999_99n))).toBe(0);
  });

  it('reaches a level when its total equals the requirement', () => {
    expect(levelByTotals(LADDER, totals(500_00n, 0n, 0n))).toBe(1);
    expect(levelByTotals(LADDER, totals(0n, 20n, 0n))).toBe(2);
  });

  it('reaches the highest level met, even when a lower one is not', () => {
    expect(levelByTotals(LADDER, totals(0n, 0n, 5000_00n))).toBe(3);
  });

  it('never reaches an SVIP level by totals', () => {
    expect(levelByTotals(LADDER, totals(10n ** 15n, 10n ** 6n, 10n ** 15n))).toBe(3);
  });
});

describe('a level never goes down unless configured', () => {
  it('keeps the level held when the totals give less', () => {
    expect(levelAfter({ level: 3, paidLevel: 0 }, 1, false)).toBe(3);
  });

  it('drops to what the totals give when levels may drop', () => {
    expect(levelAfter({ level: 3, paidLevel: 0 }, 1, true)).toBe(1);
  });

  it('keeps a bought SVIP level even when levels may drop', () => {
    expect(levelAfter({ level: 4, paidLevel: 4 }, 1, true)).toBe(4);
  });

  it('rises above a bought level when the totals give more', () => {
    expect(levelAfter({ level: 2, paidLevel: 2 }, 3, false)).toBe(3);
  });
});

describe('how the user holds each level of the ladder', () => {
  const [vip1, vip2, vip3, svip4] = LADDER as [LevelTerms, LevelTerms, LevelTerms, LevelTerms];

  it('a VIP level whose requirement the totals meet is reached', () => {
    expect(levelHold(vip1, { level: 1, paidLevel: 0 }, totals(500_00n, 0n, 0n))).toEqual({ how: 'met' });
  });

  it('a bought SVIP level includes every level below it whose requirement is not met', () => {
    const bought = { level: 4, paidLevel: 4 };
    const few = totals(0n, 0n, 0n);
    expect(levelHold(vip1, bought, few)).toEqual({ how: 'included', by: 4 });
    expect(levelHold(vip3, bought, few)).toEqual({ how: 'included', by: 4 });
    expect(levelHold(svip4, bought, few)).toEqual({ how: 'bought' });
  });

  it('a level below a bought one whose requirement is met is still reached', () => {
    expect(levelHold(vip1, { level: 4, paidLevel: 4 }, totals(500_00n, 0n, 0n))).toEqual({ how: 'met' });
  });

  it('a level reached by one total includes the lower levels of other totals', () => {
    expect(levelHold(vip1, { level: 3, paidLevel: 0 }, totals(0n, 0n, 5000_00n))).toEqual({ how: 'included', by: 3 });
    expect(levelHold(vip3, { level: 3, paidLevel: 0 }, totals(0n, 0n, 5000_00n))).toEqual({ how: 'met' });
  });

  it('the level held after its requirement was raised is kept, not reached', () => {
    expect(levelHold(vip2, { level: 2, paidLevel: 0 }, totals(0n, 5n, 0n))).toEqual({ how: 'kept' });
  });

  it('a level above the one held is not held, whatever it asks', () => {
    expect(levelHold(vip3, { level: 1, paidLevel: 0 }, totals(500_00n, 0n, 0n))).toBeNull();
    expect(levelHold(svip4, { level: 3, paidLevel: 0 }, totals(0n, 0n, 5000_00n))).toBeNull();
  });
});

describe('which totals are worth counting again', () => {
  it('names the totals some VIP level is reached by', () => {
    expect(dependsOn(LADDER, 'recharge')).toBe(true);
    expect(dependsOn(LADDER.slice(0, 1), 'purchases')).toBe(false);
    expect(dependsOn([], 'teamSize')).toBe(false);
  });
});

describe('an SVIP level is bought only above the level held', () => {
  it('refuses a level that does not exist', () => {
    expect(activationRefusal(undefined, 0)).toBe('VIP_LEVEL_NOT_FOUND');
  });

  it('refuses a VIP level: it is reached, not bought', () => {
    expect(activationRefusal(LADDER[0], 0)).toBe('VIP_LEVEL_NOT_FOR_SALE');
  });

  it('refuses the level held and any below it', () => {
    expect(activationRefusal(LADDER[3], 4)).toBe('VIP_LEVEL_REACHED');
    expect(activationRefusal(LADDER[3], 5)).toBe('VIP_LEVEL_REACHED');
  });

  it('sells an SVIP level above the level held', () => {
    expect(activationRefusal(LADDER[3], 3)).toBeNull();
  });
});

describe('benefit arithmetic', () => {
  it('takes the discount off the fee, rounding the discount down to the minor unit', () => {
    expect(discountedFee(5_00n, { withdrawFeeDiscount: '0.5' })).toBe(2_50n);
    expect(discountedFee(5_01n, { withdrawFeeDiscount: '0.5' })).toBe(2_51n);
    expect(discountedFee(5_00n, { withdrawFeeDiscount: '1' })).toBe(0n);
    expect(discountedFee(5_00n, { withdrawFeeDiscount: '0' })).toBe(5_00n);
  });

  it('pays the income bonus on what is collected, rounded down to the minor unit', () => {
    expect(incomeBonus(48_00n, { incomeBonusRate: '0.05' })).toBe(2_40n);
    expect(incomeBonus(19n, { incomeBonusRate: '0.05' })).toBe(0n);
    expect(incomeBonus(48_00n, { incomeBonusRate: '0' })).toBe(0n);
  });

  it('adds the extra withdrawals to the daily count', () => {
    expect(withdrawalsPerDay(1, { extraWithdrawals: 2 })).toBe(3);
  });
});

import type { VipLevel } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { currentLevel, nextVipLevel, requirementPercent } from './levelText';

const NONE = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' };
const level = (n: number, kind: 'vip' | 'svip', reached: boolean): VipLevel => ({
  level: n,
  name: `L${n}`,
  kind,
  requirement: kind === 'vip' ? { kind: 'recharge', amount: '500.00', current: '0.00' } : null,
  price: kind === 'svip' ? '1000.00' : null,
  benefits: NONE,
  reached,
  holds: reached ? 'met' : null,
  includedIn: null,
});

describe('level texts', () => {
  it('holds the highest level reached and aims at the next VIP level above it', () => {
    const ladder = [level(1, 'vip', true), level(2, 'vip', false), level(3, 'svip', false), level(4, 'vip', false)];
    expect(currentLevel(ladder)?.level).toBe(1);
    expect(nextVipLevel(ladder)?.level).toBe(2);
    const bought = [level(1, 'vip', true), level(2, 'vip', true), level(3, 'svip', true), level(4, 'vip', false)];
    expect(currentLevel(bought)?.level).toBe(3);
    expect(nextVipLevel(bought)?.level).toBe(4);
    expect(currentLevel([level(1, 'vip', false)])).toBeUndefined();
    expect(nextVipLevel([level(1, 'svip', false)])).toBeUndefined();
  });

  it('measures progress toward a requirement from 0 to 100', () => {
    expect(requirementPercent({ amount: '500.00', current: '200.00' })).toBe(40);
    expect(requirementPercent({ amount: '20', current: '25' })).toBe(100);
    expect(requirementPercent({ amount: '0.00', current: '0.00' })).toBe(100);
  });
});

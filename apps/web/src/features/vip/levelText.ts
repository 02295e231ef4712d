import type { VipBenefits, VipLevel } from '@app/contracts';

/** What a user at no level has. */
export const NO_BENEFITS: VipBenefits = {
  extraDraws: 0,
  withdrawFeeDiscount: '0',
  extraWithdrawals: 0,
  incomeBonusRate: '0',
};

/** The level the user holds: the highest reached; undefined at none. */
export function currentLevel(levels: readonly VipLevel[]): VipLevel | undefined {
  return levels.filter((level) => level.reached).at(-1);
}

/** The next level the user's totals can reach: the lowest VIP level above the one held. */
export function nextVipLevel(levels: readonly VipLevel[]): VipLevel | undefined {
  const held = currentLevel(levels)?.level ?? 0;
  return levels.find((level) => level.kind === 'vip' && !level.reached && level.level > held);
}

/** How far the user's figure is toward a requirement, in whole percent from 0 to 100 (display only). */
export function requirementPercent(requirement: { amount: string; current: string }): number {
  const target = Number(requirement.amount);
  if (!(target > 0)) return 100;
  return Math.min(100, Math.max(0, Math.floor((Number(requirement.current) / target) * 100)));
}

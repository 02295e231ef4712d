import { applyRate, type ErrorKey, type VipBenefits, type VipKind, type VipRequirement } from '@app/contracts';

/** Levels (docs/product.md#levels) as functions of plain values. */

/** What the rules need of a level. */
export interface LevelTerms {
  level: number;
  kind: VipKind;
  requirementKind: VipRequirement | null;
  requirementAmount: bigint | null;
}

/** The user's figures that VIP levels are reached by: money in minor units, the team in members. */
export type Totals = Record<VipRequirement, bigint>;

export const NO_BENEFITS: VipBenefits = {
  extraDraws: 0,
  withdrawFeeDiscount: '0',
  extraWithdrawals: 0,
  incomeBonusRate: '0',
};

/** The highest VIP level whose requirement the totals meet; 0 when none. SVIP levels are only bought. */
export function levelByTotals(levels: readonly LevelTerms[], totals: Totals): number {
  let reached = 0;
  for (const level of levels) {
    if (level.kind !== 'vip' || level.requirementKind === null || level.requirementAmount === null) continue;
    if (totals[level.requirementKind] >= level.requirementAmount) reached = Math.max(reached, level.level);
  }
  return reached;
}

/**
 * The user's level once their totals were counted again: never below the SVIP level they bought,
 * and never below the level they hold unless levels may drop (`vip_level_can_drop`).
 */
export function levelAfter(user: { level: number; paidLevel: number }, byTotals: number, canDrop: boolean): number {
  return Math.max(byTotals, canDrop ? user.paidLevel : user.level);
}

/**
 * How the user holds a level of the ladder (docs/product.md#levels): `met`, a VIP level whose
 * requirement their totals meet; `bought`, the SVIP level they bought; `included` in the higher
 * level `by` they hold (a bought SVIP level includes the levels below it, and so does a VIP level
 * reached by another total), its own requirement unmet; `kept`, their own level, held since its
 * requirement was raised (levels do not drop); null above the level they hold.
 */
export type LevelHold = { how: 'met' | 'bought' | 'kept' } | { how: 'included'; by: number } | null;

export function levelHold(level: LevelTerms, user: { level: number; paidLevel: number }, totals: Totals): LevelHold {
  if (level.level > user.level) return null;
  const { requirementKind, requirementAmount } = level;
  if (level.kind === 'vip' && requirementKind !== null && requirementAmount !== null) {
    if (totals[requirementKind] >= requirementAmount) return { how: 'met' };
  }
  if (level.kind === 'svip' && level.level === user.paidLevel) return { how: 'bought' };
  if (level.level === user.level) return { how: 'kept' };
  return { how: 'included', by: level.level <= user.paidLevel ? user.paidLevel : user.level };
}

/** Whether any VIP level is reached by this total: a change of it is worth counting again only then. */
export function dependsOn(levels: readonly LevelTerms[], requirement: VipRequirement): boolean {
  return levels.some((level) => level.kind === 'vip' && level.requirementKind === requirement);
}

/** Why the user may not buy `target` (undefined: it does not exist) while at `current`; null when they may. */
export function activationRefusal(
  target: LevelTerms | undefined,
  current: number,
): Extract<ErrorKey, 'VIP_LEVEL_NOT_FOUND' | 'VIP_LEVEL_NOT_FOR_SALE' | 'VIP_LEVEL_REACHED'> | null {
  if (!target) return 'VIP_LEVEL_NOT_FOUND';
  if (target.kind !== 'svip') return 'VIP_LEVEL_NOT_FOR_SALE';
  if (target.level <= current) return 'VIP_LEVEL_REACHED';
  return null;
}

/** The withdrawal fee once the level's discount is taken off; the discount rounds down to the minor unit. */
export function discountedFee(fee: bigint, benefits: Pick<VipBenefits, 'withdrawFeeDiscount'>): bigint {
  return fee - applyRate(fee, benefits.withdrawFeeDiscount);
}

/** The bonus a level pays on income collected from machines, rounded down to the minor unit. */
export function incomeBonus(collected: bigint, benefits: Pick<VipBenefits, 'incomeBonusRate'>): bigint {
  return applyRate(collected, benefits.incomeBonusRate);
}

/** Withdrawals a day with the level's extra ones. */
export function withdrawalsPerDay(dailyCount: number, benefits: Pick<VipBenefits, 'extraWithdrawals'>): number {
  return dailyCount + benefits.extraWithdrawals;
}
